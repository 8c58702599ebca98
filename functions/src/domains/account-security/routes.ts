import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { accountKey, AUTH_ACCOUNT_RATE_LIMIT, AUTH_RATE_LIMIT, telephoneKey } from '../../core/rate-limit';
import { e164Of } from '../geo';
import { endWebSession, startWebSession } from '../../core/web-session';
import * as otp from './otp-service';
import { requestPhoneProof, verifyPhoneProof } from './phone-proof';
import {
  MessagingCallback,
  PasswordResetRequest,
  PhoneProof,
  PhoneProofVerify,
  ResetPassword,
  ResetRequested,
  VerifyResetCode,
  WebSession,
  WebSessionStart,
} from './schemas';
import { handleCallback, verifyHandshake, verifySignature } from './webhook';

const resetTags = ['Password reset'];
/** A reset's code is the telephone's: its requests and guesses count per telephone, from any address. */
const perTelephone = {
  policy: AUTH_ACCOUNT_RATE_LIMIT,
  per: 'telephone',
  keys: ({ body }: { body: { telephone: string; pays?: string } }) => [telephoneKey(e164Of(body.telephone, body.pays))],
};
/** A signed-in account's requests count per account, from any address. */
const perAccount = { policy: AUTH_ACCOUNT_RATE_LIMIT, per: 'account', keys: ({ caller }: { caller: { uid: string } }) => [accountKey(caller.uid)] };
const codeErrors = ['USER_NOT_FOUND', 'APP_REQUIRED', 'INVALID_TELEPHONE', 'UNSUPPORTED_COUNTRY'] as const;
const checkErrors = [...codeErrors, 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_USED', 'OTP_LOCKED', 'OTP_DAILY_LIMIT'] as const;

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/push-otp/request',
    operationId: 'requestPasswordResetCode',
    tags: resetTags,
    summary: 'Sends a one-time code to reset the password',
    description:
      'Over the messaging channel (WhatsApp template); by push when that fails and RESET_PUSH_FALLBACK is on. ' +
      'A new request replaces the previous code; at most one a minute and five an hour per account. ' +
      'After OTP_MAX_FAILED_PER_DAY wrong codes in a business day (10), nothing more until the next day (OTP_DAILY_LIMIT).',
    access: 'public',
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perTelephone,
    body: PasswordResetRequest,
    errors: [...codeErrors, 'USER_BLOCKED', 'OTP_THROTTLED', 'OTP_DAILY_LIMIT', 'OTP_DELIVERY_FAILED'],
    success: { description: 'The code is on its way', data: ResetRequested },
    handle: ({ body, language }) => otp.requestReset(body, language),
  })
  .json({
    method: 'post',
    path: '/api/push-otp/verify-code',
    operationId: 'checkPasswordResetCode',
    tags: resetTags,
    summary: 'Says whether a one-time code is right, without using it up',
    description:
      'A wrong code uses up an attempt of the code (OTP_MAX_ATTEMPTS, then OTP_LOCKED) and one of the account’s business day ' +
      '(OTP_MAX_FAILED_PER_DAY across codes, then OTP_DAILY_LIMIT until the next day; the account’s devices are told once).',
    access: 'public',
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perTelephone,
    body: VerifyResetCode,
    errors: checkErrors,
    success: { description: 'The code is right', data: z.object({ valid: z.literal(true) }) },
    handle: ({ body }) => otp.verifyCode(body),
  })
  .json({
    method: 'post',
    path: '/api/push-otp/reset-password',
    operationId: 'resetPassword',
    tags: resetTags,
    summary: 'Sets a new password with a one-time code',
    description: 'Uses the code up, revokes the account’s sessions and notifies its devices.',
    access: 'public',
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perTelephone,
    body: ResetPassword,
    errors: [...checkErrors, 'PASSWORD_TOO_SHORT'],
    success: { description: 'The password was changed', data: z.object({ reset: z.literal(true) }) },
    handle: ({ body }) => otp.resetPassword(body),
  })
  .json({
    method: 'post',
    path: '/api/auth/phone/request',
    operationId: 'requestPhoneProofCode',
    tags: ['Authentication'],
    summary: 'Sends a code to the caller’s telephone, to prove it',
    description:
      'To the number of the caller’s profile, over the messaging channel (WhatsApp template); by push only when that fails and PHONE_PROOF_PUSH_FALLBACK is on. ' +
      'A new request replaces the previous code (OTP_TTL_MS, OTP_MAX_ATTEMPTS); at most one a minute and five an hour; after OTP_MAX_FAILED_PER_DAY wrong codes in a business day, nothing more until the next day. ' +
      'A referred account earns its agent the sign-up bonus and commissions only once its telephone is proven.',
    access: 'profile',
    rateLimit: AUTH_RATE_LIMIT,
    // The code goes to the profile's number: counted per account and per telephone, which the password reset's codes share.
    keyedRateLimit: {
      policy: AUTH_ACCOUNT_RATE_LIMIT,
      per: 'account and per telephone',
      keys: ({ caller }) => [accountKey(caller.uid), telephoneKey(caller.profile.telephone as string | undefined)],
    },
    errors: ['TELEPHONE_ALREADY_VERIFIED', 'OTP_THROTTLED', 'OTP_DAILY_LIMIT', 'OTP_DELIVERY_FAILED'],
    success: { description: 'The code is on its way', data: ResetRequested },
    handle: ({ caller, language }) => requestPhoneProof(caller, language),
  })
  .json({
    method: 'post',
    path: '/api/auth/phone/verify',
    operationId: 'verifyPhoneProofCode',
    tags: ['Authentication'],
    summary: 'Proves the caller’s telephone with the code sent to it',
    description:
      'The right code is used up and the profile gets `telephoneVerifie: true` and its date, once (event `user.phone_verified`). ' +
      'A wrong code uses up an attempt of the code (then OTP_LOCKED) and one of the account’s business day (then OTP_DAILY_LIMIT). ' +
      'Called again once proven, it answers the proof with `verifiedNow: false`.',
    access: 'profile',
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perAccount,
    body: PhoneProofVerify,
    errors: ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_USED', 'OTP_LOCKED', 'OTP_DAILY_LIMIT'],
    success: { description: 'The telephone is proven', data: PhoneProof },
    handle: ({ caller, body }) => verifyPhoneProof(caller, body.otp),
  })
  .json({
    method: 'post',
    path: '/api/auth/web-session',
    operationId: 'startWebSession',
    tags: ['Authentication'],
    summary: 'Starts a web dashboard session',
    description: 'Dashboard requests (X-Client-Platform: web) then carry its id as X-Web-Session-Id.',
    access: 'profile',
    webSessionExempt: true,
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perAccount,
    body: WebSessionStart,
    success: { status: 201, description: 'The new session', data: WebSession },
    handle: ({ caller, body }) => startWebSession(caller.uid, body.userAgent),
  })
  .json({
    method: 'delete',
    path: '/api/auth/web-session',
    operationId: 'endWebSession',
    headers: ['X-Web-Session-Id'],
    tags: ['Authentication'],
    summary: 'Ends the web dashboard session named by X-Web-Session-Id',
    access: 'profile',
    webSessionExempt: true,
    rateLimit: AUTH_RATE_LIMIT,
    keyedRateLimit: perAccount,
    errors: ['WEB_SESSION_REQUIRED', 'WEB_SESSION_INVALID'],
    success: { description: 'Whether the session was still open', data: z.object({ ended: z.boolean() }) },
    handle: ({ caller, req }) => endWebSession(caller.uid, req.get('x-web-session-id')?.trim()),
  })
  .raw({
    // Public: the handler checks the platform's verify token itself.
    access: 'public',
    method: 'get',
    path: '/api/messaging/webhook',
    operationId: 'confirmMessagingWebhook',
    tags: ['Messaging webhook'],
    summary: 'Subscription handshake: answers hub.challenge when hub.verify_token is right',
    description: 'Called by the messaging platform when its webhook is subscribed, with `hub.mode=subscribe`, `hub.verify_token` and `hub.challenge`: the challenge is answered as plain text when the token is the MESSAGING_WEBHOOK_VERIFY_TOKEN secret. Any other request, or the secret unset, is 403 WEBHOOK_VERIFICATION_FAILED.',
    contentTypes: ['text/plain'],
    errors: ['WEBHOOK_VERIFICATION_FAILED'],
    handlers: [verifyHandshake],
  })
  .json({
    method: 'post',
    path: '/api/messaging/webhook',
    operationId: 'receiveMessagingCallbacks',
    headers: ['X-Hub-Signature-256'],
    tags: ['Messaging webhook'],
    summary: 'Callbacks of the messaging platform (message statuses)',
    description: 'Signed with X-Hub-Signature-256; statuses of the messages that carried codes are recorded, a failure triggers the push fallback.',
    access: 'public',
    before: [verifySignature],
    body: MessagingCallback,
    errors: ['WEBHOOK_SIGNATURE_INVALID'],
    success: { description: 'Received', data: z.object({ statuses: z.number().int() }) },
    handle: ({ body, language }) => handleCallback(body, language),
  });
