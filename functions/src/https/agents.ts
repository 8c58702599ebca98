/** The routers of the `agents` function (none yet: it answers NOT_FOUND under its prefixes). */
import type { ApiRouter } from '../core/http';

export const routers: ApiRouter[] = [];
