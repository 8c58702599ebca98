/** The account-security domain's manifest (core/module.ts): OTPs, web sessions, password resets, the messaging webhook. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'account-security',
  errors,
  routers: [{ group: 'core', paths: ['/api/push-otp', '/api/auth', '/api/messaging'], load: async () => (await import('./routes')).router }],
  notices: async () => (await import('./notices')).notices,
  schemas: async () => {
    const { PasswordResetRequest, ResetPassword, VerifyResetCode, WebSessionStart } = await import('./schemas');
    return [WebSessionStart, PasswordResetRequest, VerifyResetCode, ResetPassword];
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
