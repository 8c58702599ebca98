/**
 * The nearby cell index as the database holds it (`nearbyCells/{kind}_{cell}/members/{uid}`): every
 * member document of one courier or driver, in whatever cell, so a test sees a stale member left
 * in an old cell as well as the current one. Reads the whole `members` collection group: test
 * databases hold a few dozen members.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';

export async function nearbyMembersOf(kind: 'livreur' | 'tricycle', uid: string): Promise<Array<{ cell: string; data: Record<string, unknown> }>> {
  const snapshot = await db().collectionGroup(COLLECTIONS.nearbyMembers).get();
  return snapshot.docs
    .filter((doc) => doc.id === uid && doc.ref.parent.parent?.parent.id === COLLECTIONS.nearbyCells && doc.ref.parent.parent.id.startsWith(`${kind}_`))
    .map((doc) => ({ cell: doc.ref.parent.parent!.id.slice(kind.length + 1), data: doc.data() }));
}
