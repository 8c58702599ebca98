/**
 * Push delivery for the whole service: FCM through the Admin SDK in production; in the emulator
 * and tests a local driver that records each message (`localPushes`). Each token gets a verdict:
 * `sent`, `invalid` (FCM no longer knows it: the caller prunes it) or `failed` (a passing error:
 * the caller retries).
 */
import { config } from '../../core/config';

export interface PushMessage {
  title: string;
  body: string;
  /** String values only, as FCM requires. */
  data?: Record<string, string>;
}

export type PushVerdict = 'sent' | 'invalid' | 'failed';

export interface PushResult {
  token: string;
  verdict: PushVerdict;
  error?: string;
}

export interface PushDriver {
  readonly name: 'fcm' | 'local';
  send(tokens: string[], message: PushMessage): Promise<PushResult[]>;
}

export async function pushDriver(): Promise<PushDriver> {
  return config().PUSH_DRIVER === 'fcm' ? new (await import('./fcm')).FcmDriver() : new (await import('./local')).LocalPushDriver();
}
