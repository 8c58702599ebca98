/** The routers of the `transit` function, in mounting order (groups.ts: its prefixes and secrets). */
import { router as directory } from '../domains/transit/directory-routes';
import { router as reviews } from '../domains/transit/reviews-routes';
import { aliasRouter as missionAliases, router as missions } from '../domains/transit/routes';
import { router as verification } from '../domains/transit/verification-routes';

export const routers = [missions, missionAliases, verification, reviews, directory];
