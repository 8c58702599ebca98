/**
 * The purchase of a listing a buyer holds, for the transit journeys, which need one. Read inside the
 * caller's transaction, so that a purchase cancelled or paid meanwhile is seen by the journey's own
 * change. This module is all that transit reads of commerce; commerce imports nothing of transit (a
 * cancellation reaches the journeys through `achat.cancelled`).
 */
import type { Query, Transaction } from 'firebase-admin/firestore';
import { db } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';

export type LiveStatus = 'payee' | 'en_attente_paiement';
export interface LivePurchase {
  id: string;
  statut: LiveStatus;
}

/** The equality filters of the lookup, in the order of its composite index (firestore.indexes.json; a test checks it). */
export const TRANSIT_PURCHASE_FILTERS = ['acheteur', 'articleId', 'modeLivraison', 'statut'] as const;

function firstWith(buyer: string, articleId: string, statut: LiveStatus | 'remise'): Query {
  const values: Record<(typeof TRANSIT_PURCHASE_FILTERS)[number], string> = { acheteur: buyer, articleId, modeLivraison: 'transit', statut };
  let query: Query = db().collection(COLLECTIONS.achats);
  for (const field of TRANSIT_PURCHASE_FILTERS) query = query.where(field, '==', values[field]);
  return query.limit(1);
}

/**
 * The buyer's paid transit purchase of the listing (handed over or not: a journey goes on after the
 * handover), else one awaiting payment, else none: cancelled purchases and those refunded to a buyer
 * who lost the race for the listing do not count. One document read per status at most, however
 * many purchases the buyer opened.
 */
export async function liveTransitPurchase(tx: Transaction, buyer: string, articleId: string): Promise<LivePurchase | undefined> {
  const [paid, handedOver, awaiting] = await Promise.all([
    tx.get(firstWith(buyer, articleId, 'payee')),
    tx.get(firstWith(buyer, articleId, 'remise')),
    tx.get(firstWith(buyer, articleId, 'en_attente_paiement')),
  ]);
  // Each query filters on its status: what it found is in that status. The answer is the kind of
  // purchase found (paid, handed over or not, or awaiting payment), derived for the caller: no move.
  /* eslint-disable boundaries/status-via-machine */
  if (!paid.empty) return { id: paid.docs[0].id, statut: 'payee' };
  if (!handedOver.empty) return { id: handedOver.docs[0].id, statut: 'payee' };
  if (!awaiting.empty) return { id: awaiting.docs[0].id, statut: 'en_attente_paiement' };
  /* eslint-enable boundaries/status-via-machine */
  return undefined;
}
