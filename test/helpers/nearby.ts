/**
 * The nearby cell index as the database holds it (`nearbyCells/{kind}/{kind}_{cell}/{uid}`): every
 * member document of one courier or driver, in whatever cell, so a test sees a stale member left
 * in an old cell as well as the current one (a driver request's member is keyed by the request's id). Lists the cell collections of `kind` (test databases
 * hold a few dozen).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';

export async function nearbyMembersOf(kind: 'livreur' | 'tricycle' | 'demande', uid: string): Promise<Array<{ cell: string; data: Record<string, unknown> }>> {
  const cells = await db().collection(COLLECTIONS.nearbyCells).doc(kind).listCollections();
  const found = await Promise.all(cells.map(async (cell) => ({ id: cell.id, snapshot: await cell.doc(uid).get() })));
  return found
    .filter(({ id, snapshot }) => id.startsWith(`${kind}_`) && snapshot.exists)
    .map(({ id, snapshot }) => ({ cell: id.slice(kind.length + 1), data: snapshot.data()! }));
}
