/** The routers of the `admin` function, in mounting order (groups.ts: its prefixes and secrets). */
import { pricingRouter as advertisementPrices } from '../domains/catalog/publicite-routes';
import { router as pricing } from '../domains/pricing/routes';

export const routers = [advertisementPrices, pricing];
