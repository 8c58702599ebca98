/** The chat domain's manifest (core/module.ts): conversations between buyers, sellers and forwarders. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'chat',
  errors,
  routers: [{ group: 'commerce', paths: ['/api/chat'], load: async () => (await import('./routes')).router }],
  subscribers: async () => (await import('./subscribers')).subscribers,
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  schemas: async () => [(await import('./schemas')).ChatMessage],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
