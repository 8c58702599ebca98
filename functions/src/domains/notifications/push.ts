/**
 * Sending push notifications: retries passing failures with a short backoff, and removes the
 * tokens the push service reports as dead (never the others: a passing error says nothing about
 * the token).
 */
import * as logger from 'firebase-functions/logger';
import { config } from '../../core/config';
import { type PushMessage, type PushResult, pushDriver } from '../../adapters/push/driver';
import { prunePushTokens, pushTokensOf } from '../identity';

const BACKOFF_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends to the tokens, retrying failed ones up to PUSH_MAX_ATTEMPTS sends; the last verdict of each token. */
export async function deliver(tokens: string[], message: PushMessage): Promise<PushResult[]> {
  const driver = await pushDriver();
  const final = new Map<string, PushResult>();
  let pending = [...new Set(tokens)];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const results = await driver.send(pending, message);
    for (const result of results) final.set(result.token, result);
    pending = results.filter((result) => result.verdict === 'failed').map((result) => result.token);
    if (attempt >= config().PUSH_MAX_ATTEMPTS) break;
    if (pending.length > 0) await sleep(BACKOFF_MS * 2 ** (attempt - 1));
  }
  return [...final.values()];
}

export interface PushSummary {
  sent: number;
  failed: number;
  pruned: number;
}

/** Pushes to every device of a user and prunes the dead tokens. */
export async function pushToUser(uid: string, message: PushMessage): Promise<PushSummary> {
  const tokens = await pushTokensOf(uid);
  if (tokens.length === 0) return { sent: 0, failed: 0, pruned: 0 };
  const results = await deliver(tokens, message);
  const dead = results.filter((result) => result.verdict === 'invalid').map((result) => result.token);
  if (dead.length > 0) await prunePushTokens(uid, dead);
  const summary = {
    sent: results.filter((result) => result.verdict === 'sent').length,
    failed: results.filter((result) => result.verdict === 'failed').length,
    pruned: dead.length,
  };
  if (summary.failed > 0) logger.warn('push not delivered to every device', { uid, ...summary });
  return summary;
}
