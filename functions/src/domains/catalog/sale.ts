/**
 * A listing sold to a purchase and put back on sale when that purchase comes undone, in the
 * purchase's transaction (commerce calls these through the catalog's index).
 */
import type { Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { prepareUpdateIn } from './listing-change';
import { listingMachine } from './machine';
import * as repository from './repository';

/**
 * A paid purchase: reads the listing in the caller's transaction and answers the write that sells
 * it to the purchase, once (for the same purchase again, a write that changes nothing), or
 * undefined when it cannot be sold to it (sold to another purchase, withdrawn, taken down, gone):
 * that buyer lost the race. The caller runs the write after its own reads, as Firestore
 * transactions require.
 */
export async function prepareSale(tx: Transaction, id: string, achatId: string, buyer?: string): Promise<(() => void) | undefined> {
  const current = await repository.readArticleIn(tx, id);
  if (!current) return undefined;
  if (current.statut === 'vendu' && current.soldTo === achatId) return () => undefined;
  if (!listingMachine.next(current.statut, 'sell')) return undefined;
  return prepareUpdateIn(tx, id, current, { move: { event: 'sell', by: buyer }, fields: { soldTo: achatId, ...(buyer ? { soldToBuyer: buyer } : {}) } }, now());
}

/**
 * The purchase that bought the listing came undone before its handover (cancelled by an admin, its
 * delivery refused, returned or cancelled): the listing back online for other buyers, in the
 * caller's transaction. Nothing when it is not sold to that purchase (sold again since, withdrawn).
 */
export async function prepareUnsale(tx: Transaction, id: string, achatId: string): Promise<() => void> {
  const current = await repository.readArticleIn(tx, id);
  if (!current || current.statut !== 'vendu' || current.soldTo !== achatId) return () => undefined;
  if (!listingMachine.next(current.statut, 'relist')) return () => undefined;
  return prepareUpdateIn(tx, id, current, { move: { event: 'relist' }, fields: { soldTo: null, soldToBuyer: null } }, now());
}
