/** The routers of the `commerce` function, in mounting order (groups.ts: its prefixes and secrets). */
import { router as purchases } from '../domains/commerce/achat-routes';

export const routers = [purchases];
