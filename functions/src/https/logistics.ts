/** The routers of the `logistics` function (none yet: it answers NOT_FOUND under its prefixes). */
import type { ApiRouter } from '../core/http';

export const routers: ApiRouter[] = [];
