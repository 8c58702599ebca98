/**
 * Password reset by one-time code. The code is drawn from a cryptographic generator, sent over the
 * messaging channel (push as fallback when enabled), and stored only as an HMAC keyed by the
 * OTP_HMAC_SECRET secret. Attempts are counted in a transaction, so parallel wrong guesses cannot
 * exceed OTP_MAX_ATTEMPTS per code, nor OTP_MAX_FAILED_PER_DAY per account and business day across
 * codes (a new code resets the first count, never the second). Nothing here logs or returns a code.
 * A code's status moves by its machine (machine.ts) in those transactions.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import * as logger from 'firebase-functions/logger';
import { messagingChannel } from '../../adapters/messaging/channel';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { auth } from '../../core/firebase';
import type { Language } from '../../core/i18n';
import type { App } from '../../core/roles';
import { secret } from '../../core/secrets';
import { normalizeTelephone } from '../geo';
import { getUser, telephoneOwners } from '../identity';
import { pushToUser } from '../notifications';
import { notifyAfter } from '../notifications';
import { codeMachine } from './machine';
import type { CodePurpose, ResetRecord } from './model';
import * as repository from './repository';
import type { PasswordResetRequest, ResetPassword, VerifyResetCode } from './schemas';

const HOUR_MS = 60 * 60 * 1000;
const MIN_PASSWORD_LENGTH = 8;

/** Where a code goes and what it is for: `key` names its record (and is bound into its HMAC). */
export interface Account {
  key: string;
  uid: string;
  app: App;
  e164: string;
  purpose: CodePurpose;
}

/** The account a reset is for: the number's only account, or the one of the app named. */
async function resolveAccount(input: { telephone: string; pays?: string; app?: App }): Promise<Account> {
  const { e164 } = normalizeTelephone(input.telephone, input.pays);
  const owners = await telephoneOwners(e164);
  const apps = (Object.keys(owners) as App[]).filter((app) => !input.app || app === input.app);
  if (apps.length === 0) throw new ApiError('USER_NOT_FOUND');
  if (apps.length > 1) throw new ApiError('APP_REQUIRED');
  const app = apps[0];
  return { key: `${app}_${e164}`, uid: owners[app]!, app, e164, purpose: 'reset' };
}

function newCode(): string {
  const length = config().OTP_LENGTH;
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** The HMAC binds the code to its account: a code is worth nothing for another number. */
function hmacOf(key: string, code: string): string {
  return createHmac('sha256', secret('OTP_HMAC_SECRET')).update(`${key}:${code}`).digest('hex');
}

function sameHmac(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The fields of a fresh code: replaces whatever code the account had (`current`), in `tx`. */
function freshCode(tx: Transaction, key: string, current: ResetRecord | undefined, code: string, at: Date): Pick<ResetRecord, 'codeHmac' | 'expiresAt' | 'attempts' | 'maxAttempts' | 'status'> {
  return {
    codeHmac: hmacOf(key, code),
    expiresAt: Timestamp.fromMillis(at.getTime() + config().OTP_TTL_MS),
    attempts: 0,
    maxAttempts: config().OTP_MAX_ATTEMPTS,
    ...(current ? codeMachine.move(tx, { id: key, from: current.status, event: 'issue', at }) : codeMachine.start(tx, { id: key, to: 'pending', at })),
  };
}

/** The account's wrong codes on `day`, across codes. */
function failuresOn(current: ResetRecord | undefined, day: string): number {
  return current?.failedDay === day ? (current.failedToday ?? 0) : 0;
}

const today = (at: Date) => businessDay(at, config().BUSINESS_TIME_ZONE);

/** Whether a code that the messaging channel could not carry goes by push (docs/guides/account-security.md, "Telephone proof": off for proofs by default). */
const pushFallbackOf = (purpose: CodePurpose) => (purpose === 'phone' ? config().PHONE_PROOF_PUSH_FALLBACK : config().RESET_PUSH_FALLBACK);

function pushOfCode(code: string, language: Language, purpose: CodePurpose) {
  if (purpose === 'phone') {
    return language === 'en'
      ? { title: 'Telephone check', body: `Your code is ${code}. It expires soon; never share it.`, data: { type: 'phone_proof_code' } }
      : { title: 'Vérification du téléphone', body: `Votre code est ${code}. Il expire bientôt ; ne le partagez jamais.`, data: { type: 'phone_proof_code' } };
  }
  return language === 'en'
    ? { title: 'Password reset', body: `Your code is ${code}. It expires soon; never share it.`, data: { type: 'password_reset_code' } }
    : { title: 'Réinitialisation du mot de passe', body: `Votre code est ${code}. Il expire bientôt ; ne le partagez jamais.`, data: { type: 'password_reset_code' } };
}

export async function requestReset(input: z.output<typeof PasswordResetRequest>, language: Language) {
  const account = await resolveAccount(input);
  const user = await getUser(account.uid);
  if (!user) throw new ApiError('USER_NOT_FOUND');
  if (user.isBlocked) throw new ApiError('USER_BLOCKED');
  return sendCode(account, language);
}

/**
 * Draws a new code for the account (replacing its current one, within the resend throttle and the
 * day's cap of wrong codes) and sends it over the messaging channel, or by push when that fails and
 * the purpose's fallback is on.
 */
export async function sendCode(account: Account, language: Language): Promise<{ channel: 'whatsapp' | 'local' | 'push'; expiresInSeconds: number }> {
  const settings = config();
  const code = newCode();
  const at = now();
  const refusal = await repository.updateReset<'OTP_DAILY_LIMIT' | 'OTP_THROTTLED' | undefined>(account.key, (current, tx) => {
    // A code that could not be used today is not worth sending.
    if (failuresOn(current, today(at)) >= settings.OTP_MAX_FAILED_PER_DAY) return { outcome: 'OTP_DAILY_LIMIT' };
    const recent = (current?.sends ?? []).filter((sent) => at.getTime() - sent.toMillis() < HOUR_MS);
    const last = recent.length ? Math.max(...recent.map((sent) => sent.toMillis())) : undefined;
    if (last !== undefined && at.getTime() - last < settings.OTP_RESEND_INTERVAL_MS) return { outcome: 'OTP_THROTTLED' };
    if (recent.length >= settings.OTP_MAX_SENDS_PER_HOUR) return { outcome: 'OTP_THROTTLED' };
    return {
      outcome: undefined,
      write: {
        uid: account.uid,
        app: account.app,
        ...freshCode(tx, account.key, current, code, at),
        sends: [...recent, Timestamp.fromDate(at)],
        updatedAt: Timestamp.fromDate(at),
      },
    };
  }, account.purpose);
  if (refusal) throw new ApiError(refusal);

  const expiresInSeconds = Math.floor(settings.OTP_TTL_MS / 1000);
  const channel = await messagingChannel();
  try {
    const { messageId } = await channel.sendOtp({ to: account.e164, code, language });
    await repository.recordOtpMessage(messageId, account.key, account.uid, at, account.purpose);
    return { channel: channel.name, expiresInSeconds };
  } catch (error) {
    logger.warn('one-time code not sent by the messaging channel', { uid: account.uid, channel: channel.name, error: String(error) });
  }
  if (pushFallbackOf(account.purpose)) {
    const pushed = await pushToUser(account.uid, pushOfCode(code, language, account.purpose));
    if (pushed.sent > 0) return { channel: 'push' as const, expiresInSeconds };
  }
  throw new ApiError('OTP_DELIVERY_FAILED');
}

type CheckOutcome =
  | { ok: true; uid: string }
  | { ok: false; code: 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_USED' | 'OTP_LOCKED' | 'OTP_DAILY_LIMIT'; blocked?: { uid: string; day: string } };

/**
 * Checks a code; a wrong one uses up an attempt of the code (locking it at the last) and one of the
 * account's day. The wrong code that reaches the day's cap reports it, once: the caller tells the
 * account's devices.
 */
export async function checkCode(key: string, otp: string, consume: boolean, purpose: CodePurpose = 'reset'): Promise<string> {
  const at = now();
  const day = today(at);
  const dailyCap = config().OTP_MAX_FAILED_PER_DAY;
  const outcome = await repository.updateReset<CheckOutcome>(key, (current, tx) => {
    if (!current) return { outcome: { ok: false, code: 'OTP_INVALID' } };
    const failed = failuresOn(current, day);
    if (failed >= dailyCap) return { outcome: { ok: false, code: 'OTP_DAILY_LIMIT' } };
    if (current.status === 'used') return { outcome: { ok: false, code: 'OTP_USED' } };
    if (current.status === 'locked' || current.attempts >= current.maxAttempts) return { outcome: { ok: false, code: 'OTP_LOCKED' } };
    if (current.expiresAt.toMillis() <= at.getTime()) return { outcome: { ok: false, code: 'OTP_EXPIRED' } };
    if (!sameHmac(current.codeHmac, hmacOf(key, otp))) {
      const attempts = current.attempts + 1;
      const write = {
        attempts,
        failedDay: day,
        failedToday: failed + 1,
        updatedAt: Timestamp.fromDate(at),
        ...(attempts >= current.maxAttempts ? codeMachine.move(tx, { id: key, from: current.status, event: 'lock', at }) : {}),
      };
      const blocked = failed + 1 === dailyCap ? { uid: current.uid, day } : undefined;
      return { outcome: { ok: false, code: 'OTP_INVALID', blocked }, write };
    }
    return { outcome: { ok: true, uid: current.uid }, write: consume ? codeMachine.move(tx, { id: key, from: current.status, event: 'use', at }) : undefined };
  }, purpose);
  if (outcome.ok) return outcome.uid;
  // The account and the day make the event: however many refusals follow, one notice (it speaks of the password).
  if (outcome.blocked && purpose === 'reset') await notifyAfter(outcome.blocked.uid, { type: 'password_reset_blocked', key: `${key}:${outcome.blocked.day}` });
  throw new ApiError(outcome.code);
}

export async function verifyCode(input: z.output<typeof VerifyResetCode>) {
  const account = await resolveAccount(input);
  await checkCode(account.key, input.otp, false);
  return { valid: true as const };
}

/**
 * Sets the new password, revokes every session of the account, and tells the user (in the app and on
 * its devices, in its language).
 * The code is used up first, so two parallel resets cannot both succeed; if the identity provider
 * then fails, the code is given back.
 */
export async function resetPassword(input: z.output<typeof ResetPassword>) {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) throw new ApiError('PASSWORD_TOO_SHORT');
  const account = await resolveAccount(input);
  const uid = await checkCode(account.key, input.otp, true);
  try {
    await auth().updateUser(uid, { password: input.newPassword });
  } catch (error) {
    await giveBack(account.key, 'reset');
    throw error;
  }
  await auth().revokeRefreshTokens(uid);
  // The code's key and this moment make the event: one reset, one notice.
  await notifyAfter(uid, { type: 'password_changed', key: `${account.key}:${now().getTime()}` });
  return { reset: true as const };
}

/**
 * Gives a used code back for another try, when the work it was used up for failed after the check.
 * Only a code still `used` goes back: a newer code sent meanwhile is left as it is.
 */
export async function giveBack(key: string, purpose: CodePurpose): Promise<void> {
  const at = now();
  await repository.updateReset(key, (current, tx) => ({ outcome: undefined, write: current && codeMachine.tryMove(tx, { id: key, from: current.status, event: 'give_back', at }) }), purpose);
}

/**
 * A `failed` delivery status of a message that carried a code: when the push fallback is on, a new
 * code replaces the lost one and goes by push, once per message.
 */
export async function onMessageStatus(messageId: string, status: string, timestamp: string, language: Language): Promise<void> {
  const code = newCode();
  const at = now();
  const fallback = await repository.applyMessageStatus(
    messageId,
    status,
    timestamp,
    (message, reset, tx) => {
      if (!pushFallbackOf(message.purpose ?? 'reset') || !reset || reset.status !== 'pending') return undefined;
      return { ...freshCode(tx, message.resetKey, reset, code, at), updatedAt: Timestamp.fromDate(at) };
    },
    at,
  );
  if (fallback) await pushToUser(fallback.uid, pushOfCode(code, language, fallback.purpose));
}
