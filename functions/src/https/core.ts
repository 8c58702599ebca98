/** The routers of the `core` function, in mounting order (groups.ts: its prefixes and secrets). */
import { router as accountSecurity } from '../domains/account-security/routes';
import { router as docs } from '../domains/docs/routes';
import { router as geo } from '../domains/geo/routes';
import { router as health } from '../domains/health/routes';
import { router as identity } from '../domains/identity/routes';
import { router as notifications } from '../domains/notifications/routes';
import { router as settings } from '../domains/settings/routes';

export const routers = [health, docs, identity, settings, geo, accountSecurity, notifications];
