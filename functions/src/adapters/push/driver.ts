/**
 * Push delivery for the whole service: FCM through the Admin SDK in production; in the emulator
 * and tests a local driver that records each message (`localPushes`). Each token gets a verdict:
 * `sent`, `invalid` (FCM no longer knows it: the caller prunes it) or `failed` (a passing error:
 * the caller retries).
 */
import { config } from '../../core/config';
import type { PushDriver } from './types';

// Its types, named here too for the code that asks for a driver.
export type { PushMessage, PushVerdict, PushResult, PushDriver } from './types';

export async function pushDriver(): Promise<PushDriver> {
  return config().PUSH_DRIVER === 'fcm' ? new (await import('./fcm')).FcmDriver() : new (await import('./local')).LocalPushDriver();
}
