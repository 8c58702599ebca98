/**
 * The write side of core/nearby's cell index: `nearbyCells/{kind}/{kind}_{cell}/{id}`, one member
 * document per searchable thing, in the collection of the cell of its position, holding what a
 * search answers (so no second read). Each cell is its own collection id, not a `members`
 * subcollection under a cell document: the Firestore emulator answers a query by scanning every
 * document of its collection id, so 10,000 members under one id cost every search about 30 ms more
 * (measured: an empty `members` subcollection 27 ms beside 10,000 others, a uniquely named one 9). Only searchable things are stored (an offline courier has no member), so a cell's
 * collection holds what a search may return in that cell and nothing else.
 *
 * The member is written in the same transaction as the presence document it mirrors, which keeps
 * `cell` (the cell its member is in, null for none): `placeMember` deletes the member from the
 * previous cell when it changes or the thing stops being searchable, so a thing is never in two
 * cells, and two concurrent updates (the transaction retries on the presence document) leave one.
 */
import type { CollectionReference, Transaction } from 'firebase-admin/firestore';
import { db } from './firebase';
import { COLLECTIONS, typed } from './firestore';
import { cellOf, type Point } from './nearby';

/** What is searched: one index per kind (its cells' ids start with it). */
export type NearbyKind = 'livreur' | 'tricycle' | 'demande';

/** The id of a cell's collection: the kind in it, so two kinds never share one. */
export const cellCollectionId = (kind: NearbyKind, cell: string) => `${kind}_${cell}`;

/** The members of one cell of `kind`: what findNearby's `membersOf` answers. */
export const membersOf =
  <T>(kind: NearbyKind) =>
  (cell: string): CollectionReference<T> =>
    db().collection(COLLECTIONS.nearbyCells).doc(kind).collection(cellCollectionId(kind, cell)).withConverter(typed<T>());

/** A member document of `kind`, for tests and checks. */
export const memberRef = <T>(kind: NearbyKind, cell: string, id: string) => membersOf<T>(kind)(cell).doc(id);

/**
 * Inside `tx` (after its reads): `id` is searchable at `position` with `data`, or not searchable
 * (`member` null). `previousCell` is the presence document's `cell` as read in the transaction.
 * Returns the cell to store in the presence document.
 */
export function placeMember<T extends { position: Point }>(tx: Transaction, kind: NearbyKind, id: string, previousCell: string | null | undefined, member: T | null): string | null {
  const cell = member ? cellOf(member.position) : null;
  if (previousCell && previousCell !== cell) tx.delete(memberRef(kind, previousCell, id));
  if (member && cell) tx.set(memberRef<T>(kind, cell, id), member);
  return cell;
}
