/** What the local push driver recorded (the emulator's stand-in for FCM). */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { TestUser } from './accounts';
import { api, bearer } from './api';

export interface RecordedPush {
  title: string;
  body: string;
  data?: Record<string, string>;
}

/** The pushes delivered to one device token, in no particular order. */
export async function pushesTo(token: string): Promise<RecordedPush[]> {
  const recorded = await db().collection(COLLECTIONS.localPushes).where('tokens', 'array-contains', token).get();
  return recorded.docs.map((doc) => doc.data() as RecordedPush);
}

/** Registers a device for the user through the API; answers a reader of what was pushed to it. */
export async function registerDevice(user: TestUser): Promise<() => Promise<RecordedPush[]>> {
  const token = `device-${user.uid}-${'t'.repeat(20)}`;
  await (await api()).post('/api/users/me/push-tokens').set(bearer(user.token)).send({ token, platform: 'android' });
  return () => pushesTo(token);
}
