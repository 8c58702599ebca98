/**
 * The sale a dispute is about, as the dispute reads it in its transactions: an order (each seller's
 * lines) or a purchase, its parties, its money, and its proof of handover in person. While a
 * dispute is open, the sale carries its id (`litigeOuvert`): its handover releases nothing, so the
 * decision says where the money goes.
 */
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { type AchatDocument, achats, achatSale } from '../achats/service';
import type { Sale } from '../escrow';
import { orderSale } from '../orders/handover';
import { type OrderDocument, orders } from '../orders/service';
import type { SaleKind } from './model';

export interface SaleFacts {
  kind: SaleKind;
  id: string;
  ref: DocumentReference<OrderDocument> | DocumentReference<AchatDocument>;
  acheteur: string;
  vendeurs: string[];
  paymentId: string | null;
  /** The goods' price (XOF), the trip's fee apart. */
  montant: number;
  /** Whether a courier carries it (its delivery decides its proof). */
  coursier: boolean;
  /** Paid and neither cancelled nor refunded to another buyer. */
  payee: boolean;
  /** The latest handover in person (a seller's code, the buyer's "received", a transfer, an admin), or null. */
  remiseA: Date | null;
  litigeOuvert: string | null;
  /** Each seller's sale in the ledgers (escrow.ts). */
  sales: Sale[];
}

const latest = (stamps: Array<{ toDate(): Date }>) => stamps.map((stamp) => stamp.toDate()).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;

function orderFacts(id: string, order: OrderDocument): Omit<SaleFacts, 'ref'> {
  const delivered = order.statut === 'delivered' ? [...order.history].reverse().find((entry) => entry.statut === 'delivered')?.at : undefined;
  return {
    kind: 'commande',
    id,
    acheteur: order.acheteur,
    vendeurs: order.vendeurs,
    paymentId: order.paymentId,
    montant: order.sousTotal,
    coursier: Boolean(order.demandeLivraison),
    payee: order.paymentId !== null && ['paid', 'processing', 'shipped', 'delivered'].includes(order.statut),
    remiseA: latest([...Object.values(order.remises ?? {}), ...(delivered && !order.demandeLivraison ? [delivered] : [])]),
    litigeOuvert: order.litigeOuvert ?? null,
    sales: order.paymentId ? order.vendeurs.map((vendeur) => orderSale(id, order, vendeur)) : [],
  };
}

function achatFacts(id: string, achat: AchatDocument): Omit<SaleFacts, 'ref'> {
  return {
    kind: 'achat',
    id,
    acheteur: achat.acheteur,
    vendeurs: [achat.vendeur],
    paymentId: achat.paymentId,
    montant: achat.prix,
    coursier: Boolean(achat.demandeLivraison),
    payee: achat.paymentId !== null && (achat.statut === 'payee' || achat.statut === 'remise'),
    remiseA: achat.statut === 'remise' && !achat.demandeLivraison ? (achat.remiseA?.toDate() ?? null) : null,
    litigeOuvert: achat.litigeOuvert ?? null,
    sales: achat.paymentId ? [achatSale(id, achat, achat.paymentId)] : [],
  };
}

/** The sale read in `tx`, or undefined when there is none. */
export async function saleIn(tx: Transaction, kind: SaleKind, id: string): Promise<SaleFacts | undefined> {
  if (kind === 'commande') {
    const ref = orders().doc(id);
    const order = (await tx.get(ref)).data();
    return order ? { ...orderFacts(id, order), ref } : undefined;
  }
  const ref = achats().doc(id);
  const achat = (await tx.get(ref)).data();
  return achat ? { ...achatFacts(id, achat), ref } : undefined;
}

/** Marks the sale with its open dispute (or clears the mark), in `tx`. */
export function markSale(tx: Transaction, sale: SaleFacts, disputeId: string | null): void {
  (tx as Transaction).update(sale.ref as DocumentReference, { litigeOuvert: disputeId });
}
