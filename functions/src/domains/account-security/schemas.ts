/** Password reset by one-time code, and web dashboard sessions. */
import { z } from 'zod';
import { CountryCode, TelephoneInput } from '../geo';

const Otp = z.string().regex(/^\d{4,10}$/).meta({ description: 'The one-time code received (OTP_LENGTH digits, 6 by default).', example: '482913' });
const App = z.enum(['buyer', 'pro']).meta({ description: 'Which app’s account, when the number has one on each.' });
const account = { telephone: TelephoneInput, pays: CountryCode.optional(), app: App.optional() };

export const PasswordResetRequest = z
  .strictObject(account)
  .meta({ id: 'PasswordResetRequest', description: 'Asks for a one-time code to reset the password of the account of this telephone.' });

export const VerifyResetCode = z
  .strictObject({ ...account, otp: Otp })
  .meta({ id: 'VerifyResetCode', description: 'Checks a one-time code without using it up (a wrong code uses up an attempt).' });

export const ResetPassword = z
  .strictObject({
    ...account,
    otp: Otp,
    newPassword: z.string().min(1).max(128).meta({ description: 'At least 8 characters (else PASSWORD_TOO_SHORT).' }),
  })
  .meta({ id: 'ResetPassword', description: 'Sets a new password with a valid one-time code, which it uses up.' });

export const ResetRequested = z.object({
  channel: z.enum(['whatsapp', 'local', 'push']).meta({ description: 'How the code was sent (`local`: the emulator’s recorder).' }),
  expiresInSeconds: z.number().int(),
});

export const PhoneProofVerify = z
  .strictObject({ otp: Otp })
  .meta({ id: 'PhoneProofVerify', description: 'The code sent to the caller’s telephone by `POST /api/auth/phone/request`; the right one proves the telephone.' });

export const PhoneProof = z
  .object({
    telephone: z.string().meta({ description: 'E.164: the profile’s number, the one proven.' }),
    telephoneVerifie: z.literal(true),
    telephoneVerifieAt: z.string().meta({ description: 'When it was proven (ISO 8601).' }),
    verifiedNow: z.boolean().meta({ description: 'false: it was proven before (a second call, or two at once), nothing more happened.' }),
  })
  .meta({ id: 'PhoneProof' });

export const WebSessionStart = z
  .strictObject({ userAgent: z.string().trim().min(1).max(512).optional() })
  .meta({ id: 'WebSessionStart', description: 'Opens a web dashboard session; it ends after WEB_SESSION_IDLE_MINUTES (30) without requests.' });

export const WebSession = z.object({
  sessionId: z.uuid().meta({ description: 'Send it as X-Web-Session-Id with every dashboard request.' }),
  startedAt: z.string(),
  idleTimeoutMinutes: z.number().int(),
});

/** What the messaging platform posts; only message statuses are read, the rest is tolerated. */
export const MessagingCallback = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              value: z.looseObject({
                statuses: z
                  .array(z.looseObject({ id: z.string().min(1), status: z.string().min(1), timestamp: z.string().optional() }))
                  .optional(),
              }),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
