/** The routers of the `catalog` function, in mounting order (groups.ts: its prefixes and secrets). */
import { router as kyc } from '../domains/catalog/kyc-routes';
import { router as publicListings } from '../domains/catalog/public-routes';
import { router as publicites } from '../domains/catalog/publicite-routes';
import { router as listings } from '../domains/catalog/routes';
import { router as uploads } from '../domains/catalog/upload-routes';
import { router as views } from '../domains/catalog/views-routes';

export const routers = [listings, publicListings, views, publicites, uploads, kyc];
