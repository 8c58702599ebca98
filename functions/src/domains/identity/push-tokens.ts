/** The devices of an account (`users/{uid}/pushTokens/{sha256 of the token}`), where its pushes go. */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import { users } from './profiles';

export interface PushTokenDocument {
  token: string;
  platform: 'android' | 'ios' | 'web';
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
}

export function pushTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const pushTokens = (uid: string) => collection<PushTokenDocument>(COLLECTIONS.pushTokens, users().doc(uid));

/**
 * Registers a device token (again: registering refreshes `lastSeenAt`). Past `max` devices the
 * least recently seen ones are dropped, in the same transaction.
 */
export async function upsertPushToken(
  uid: string,
  token: string,
  platform: PushTokenDocument['platform'],
  max: number,
): Promise<{ id: string } & PushTokenDocument> {
  const id = pushTokenId(token);
  const ref = pushTokens(uid).doc(id);
  const at = Timestamp.fromDate(now());
  return runTransaction(async (tx) => {
    const [current, newest] = await Promise.all([tx.get(ref), tx.get(pushTokens(uid).orderBy('lastSeenAt', 'desc').limit(max))]);
    const stored: PushTokenDocument = {
      token,
      platform,
      createdAt: current.data()?.createdAt ?? at,
      lastSeenAt: at,
    };
    const others = newest.docs.filter((doc) => doc.id !== id);
    // Keep the max - 1 most recent others; this one becomes the most recent.
    for (const stale of others.slice(max - 1)) tx.delete(stale.ref);
    tx.set(ref, stored);
    return { id, ...stored };
  });
}

export async function removePushToken(uid: string, token: string): Promise<boolean> {
  const ref = pushTokens(uid).doc(pushTokenId(token));
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (snapshot.exists) tx.delete(ref);
    return snapshot.exists;
  });
}

/** The user's device tokens, most recently seen first (at most PUSH_TOKENS_MAX_PER_USER exist). */
export async function listPushTokens(uid: string, max: number): Promise<string[]> {
  const snapshot = await pushTokens(uid).orderBy('lastSeenAt', 'desc').limit(max).get();
  return snapshot.docs.map((doc) => doc.data().token);
}

export async function removePushTokens(uid: string, tokens: string[]): Promise<void> {
  const batch = db().batch();
  for (const token of tokens) batch.delete(pushTokens(uid).doc(pushTokenId(token)));
  await batch.commit();
}

