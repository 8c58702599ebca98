/** The routers of the `agents` function (none yet: it answers NOT_FOUND under its prefixes). */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [];
