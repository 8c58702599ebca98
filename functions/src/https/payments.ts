/** The routers of the `payments` function, in mounting order (groups.ts: its prefixes and secrets). */
import { router as payments } from '../domains/payments/routes';
import { router as subscriptions } from '../domains/subscriptions/routes';
import { router as wallet } from '../domains/wallet/routes';

export const routers = [payments, subscriptions, wallet];
