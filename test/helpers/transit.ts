/** Forwarders for the transit tests. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from './accounts';
import { api, bearer } from './api';

export type Verification = 'none' | 'pending' | 'approved' | 'rejected';

/**
 * A forwarder with the given verification on its profile (what rule 5 reads), subscribed for
 * 30 days unless told otherwise. A shortcut past the verification file: the verification and
 * directory tests go through the routes instead.
 */
export async function forwarder(verification: Verification = 'approved', subscribed = true): Promise<TestUser> {
  const user = await createUser('transitaire');
  await db().collection(COLLECTIONS.users).doc(user.uid).update({ transitaireVerification: { statut: verification } });
  if (subscribed) {
    await db()
      .collection(COLLECTIONS.subscriptions)
      .doc(`${user.uid}_transitaire`)
      .set({ uid: user.uid, kind: 'transitaire', expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  }
  return user;
}

/** Bytes that start like a JPEG: enough for the upload route, which types files by their first bytes. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

/** Uploads an identity card image as the user; its stored path. */
export async function uploadCard(user: TestUser): Promise<string> {
  const res = await (await api()).post('/api/upload/image').set(bearer(user.token)).set('Content-Type', 'image/jpeg').send(JPEG);
  expect(res.status).toBe(201);
  return res.body.data.path as string;
}
