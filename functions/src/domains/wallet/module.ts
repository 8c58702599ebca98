/** The wallet domain's manifest (core/module.ts): balances and their ledger. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'wallet',
  errors,
  routers: [{ group: 'payments', paths: ['/api/wallet'], load: async () => (await import('./routes')).router }],
} satisfies DomainModule;
