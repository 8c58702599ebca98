/**
 * Whether a payment's money is rightly held, unallocated, for the goods it bought (the
 * reconciliation asks, domains/admin/reconciliation): an order or a purchase with delivery credits
 * its sellers, its courier and the platform only when the courier delivers, so until then part or
 * all of the money waits. Read-only: one document read.
 */
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';

/** Statuses of an order with delivery whose goods have not reached the buyer nor come back. */
const ORDER_WAITING = new Set(['paid', 'processing', 'shipped']);

export interface BusinessDocument {
  /** `commandes/{id}` or `achats/{id}`; null for a payment that buys no goods (a service). */
  path: string | null;
  statut: string | null;
  /** True while the money waits for the delivery of the goods this payment paid for. */
  heldForDelivery: boolean;
}

const none: BusinessDocument = { path: null, statut: null, heldForDelivery: false };

/** The order or purchase a payment of `type` paid for, and whether its money waits for its delivery. */
export async function heldForDelivery(type: string, metadata: Record<string, string> | undefined, paymentId: string): Promise<BusinessDocument> {
  const target = type === 'commande' ? { collection: COLLECTIONS.commandes, id: metadata?.commandeId } : type === 'achat' ? { collection: COLLECTIONS.achats, id: metadata?.achatId } : undefined;
  if (!target?.id) return none;
  const path = `${target.collection}/${target.id}`;
  const found = (await db().doc(path).get()).data() as { statut?: string; paymentId?: string | null; demandeLivraison?: unknown } | undefined;
  if (!found) return { path, statut: null, heldForDelivery: false };
  const statut = found.statut ?? null;
  // Only the payment that paid it: another payment of the same target was refunded.
  const paidByIt = found.paymentId === paymentId && Boolean(found.demandeLivraison);
  const waiting = type === 'commande' ? ORDER_WAITING.has(statut ?? '') : statut === 'payee';
  return { path, statut, heldForDelivery: paidByIt && waiting };
}
