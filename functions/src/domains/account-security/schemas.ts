/**
 * Shapes of the password-reset and web-session requests. Their routes come with the
 * account-security work; the shapes are published now because the spec names them.
 */
import { z } from 'zod';
import { TelephoneInput } from '../geo/schemas';

const Otp = z.string().regex(/^\d{4,10}$/).meta({ description: 'The one-time code received (OTP_LENGTH digits, 6 by default).', example: '482913' });
const App = z.enum(['buyer', 'pro']).meta({ description: 'Which app’s account, when the number has one on each.' });

export const PasswordResetRequest = z
  .strictObject({ telephone: TelephoneInput, app: App.optional() })
  .meta({ id: 'PasswordResetRequest', description: 'Asks for a one-time code to reset the password.' });

export const VerifyResetCode = z
  .strictObject({ telephone: TelephoneInput, otp: Otp, app: App.optional() })
  .meta({ id: 'VerifyResetCode', description: 'Checks a one-time code without using it up.' });

export const ResetPassword = z
  .strictObject({ telephone: TelephoneInput, otp: Otp, newPassword: z.string().min(8).max(128), app: App.optional() })
  .meta({ id: 'ResetPassword', description: 'Sets a new password (at least 8 characters) with a valid one-time code.' });

export const WebSessionStart = z
  .strictObject({
    sessionId: z.uuid().meta({ description: 'The `X-Web-Session-Id` the dashboard generated for this session.' }),
    userAgent: z.string().max(512).optional(),
  })
  .meta({ id: 'WebSessionStart', description: 'Opens a web dashboard session; it ends after 30 minutes of idleness.' });
