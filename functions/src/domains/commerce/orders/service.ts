/**
 * Orders of parts. A buyer orders online parts at their listings' prices (plus the delivery fee
 * of the logistics zone quote when delivered, orders/delivery.ts) and pays the order (payment type
 * `commande`); the payment's success takes every item's units and marks the order paid, or, when
 * a unit is gone, cancels the order and marks the money for refund (orders/payment.ts).
 * `order.paid` then credits each seller (subscribers.ts) and issues the invoice.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit, type AuditActor } from '../../../core/audit';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { getArticle, isPublic, prepareStockReturn } from '../../catalog';
import type { DeliveryRequest } from '../../logistics';
import { samePerson } from '../../identity';
import type { OrderInput } from '../schemas';
import { type LineSource, orderDelivery } from './delivery';
import type { AdminMove, Order, OrderAdminQuery, SellerMove, SellerOrder } from './schemas';
import { orderMachine } from './machine';
import { EVENT_TO, type OrderEvent, type OrderStatus } from './state';
import { newDocumentRef } from '../../../core/ids';

export interface OrderLineDocument {
  articleId: string;
  vendeur: string;
  titre: string;
  prixUnitaire: number;
  quantite: number;
  montant: number;
}

export interface OrderDocument {
  acheteur: string;
  lignes: OrderLineDocument[];
  /** The sellers of the lines, for the sellers' list (`array-contains`). */
  vendeurs: string[];
  sousTotal: number;
  fraisLivraison: number;
  total: number;
  livraison: boolean;
  adresseLivraison: NonNullable<z.output<typeof OrderInput>['adresseLivraison']> | null;
  /**
   * The delivery handed to logistics in `order.paid` (pickups, destination, the zone quote whose fee
   * is `fraisLivraison`); null without delivery, absent on orders placed before zone quotes.
   */
  demandeLivraison?: DeliveryRequest | null;
  statut: OrderStatus;
  paymentId: string | null;
  /**
   * The units its payment took (catalog's `stockUnits` ids, every line's), recorded when it is
   * paid; a cancel gives them back. Absent on orders paid before units were taken this way.
   */
  unites?: string[];
  /**
   * In person (no courier): the buyer's handover code (handover/code.ts), drawn when it is paid,
   * shown to the buyer and admins only, and the wrong codes entered. Null with a courier.
   */
  codeRemise?: string | null;
  codeRemiseEssais?: number;
  /** Each seller's handover of its lines (in person: its code entry or the buyer's "received"); absent before the first. */
  remises?: Record<string, Timestamp>;
  /** The sale's dispute while it is open (disputes/): its money stays held. */
  litigeOuvert?: string | null;
  /** When it was paid, and whether the stale-handover job reminded its parties (handover/stale.ts). */
  payeLe?: Timestamp;
  rappelRemise?: boolean;
  history: HistoryEntry<OrderStatus>[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

type OrderView = z.input<typeof Order>;
type SellerOrderView = z.input<typeof SellerOrder>;

export const orders = () => collection<OrderDocument>(COLLECTIONS.commandes);

/** An order as stored, for the parts of commerce that check who takes part in it (chat rooms). */
export async function findOrder(id: string): Promise<OrderDocument | undefined> {
  return (await orders().doc(id).get()).data();
}

/** The whole order, as its buyer and admins see it. */
export function toOrder(id: string, order: OrderDocument): OrderView {
  return {
    id,
    acheteur: order.acheteur,
    lignes: order.lignes,
    sousTotal: order.sousTotal,
    fraisLivraison: order.fraisLivraison,
    total: order.total,
    livraison: order.livraison,
    adresseLivraison: order.adresseLivraison,
    devisLivraison: order.demandeLivraison ? { zoneId: order.demandeLivraison.quote.zoneId, distanceKm: order.demandeLivraison.quote.distanceKm } : null,
    statut: order.statut,
    paymentId: order.paymentId,
    codeRemise: order.codeRemise ?? null,
    remises: isoMap(order.remises),
    litige: order.litigeOuvert ?? null,
    history: order.history.map((entry) => ({ ...entry, at: entry.at.toDate().toISOString() })),
    createdAt: order.createdAt.toDate().toISOString(),
  };
}

const isoMap = (stamps: Record<string, Timestamp> | undefined) => Object.fromEntries(Object.entries(stamps ?? {}).map(([uid, at]) => [uid, at.toDate().toISOString()]));

/**
 * A seller's part of the order (docs/guides/commerce.md, "What each party of an order sees"): its lines and their
 * sum, never the order's total, fee or another seller's lines, and who moved it only when that is
 * the seller, the buyer or the system. The buyer's address reaches the seller only when the seller
 * carries the goods itself: an order with delivery but no delivery for logistics (placed before
 * courier deliveries). With a courier, the courier collects at the seller's and carries them.
 */
export function toSellerOrder(id: string, order: OrderDocument, seller: string): SellerOrderView {
  const lignes = order.lignes.filter((line) => line.vendeur === seller);
  const coursier = Boolean(order.demandeLivraison);
  const selfDelivered = order.livraison && order.demandeLivraison === undefined;
  const known = new Set([seller, order.acheteur, 'system']);
  return {
    id,
    acheteur: order.acheteur,
    lignes,
    sousTotal: lignes.reduce((sum, line) => sum + line.montant, 0),
    livraison: order.livraison,
    coursier,
    adresseLivraison: selfDelivered ? order.adresseLivraison : null,
    statut: order.statut,
    remiseA: order.remises?.[seller]?.toDate().toISOString() ?? null,
    litige: order.litigeOuvert ?? null,
    history: order.history.map((entry) => ({ ...entry, by: known.has(entry.by) ? entry.by : 'autre', at: entry.at.toDate().toISOString() })),
    createdAt: order.createdAt.toDate().toISOString(),
  };
}

export async function createOrder(caller: ProfileCaller, input: z.output<typeof OrderInput>): Promise<OrderView> {
  if (input.livraison && !input.adresseLivraison) throw new ApiError('DELIVERY_ADDRESS_REQUIRED');
  // One line per article: the same article twice is one line with both quantities.
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.articleId, (quantities.get(item.articleId) ?? 0) + item.quantite);
  const at = now();
  const lignes: OrderLineDocument[] = [];
  const sources: LineSource[] = [];
  for (const [articleId, quantite] of quantities) {
    const article = await getArticle(articleId);
    if (!article || !isPublic(article, at)) throw new ApiError('ARTICLE_NOT_ONLINE');
    if (article.type !== 'piece') throw new ApiError('ARTICLE_NOT_PART');
    if ((article.stock ?? 1) < quantite) throw new ApiError('OUT_OF_STOCK');
    if (await samePerson(caller.uid, article.vendeur)) throw new ApiError('OWN_LISTING');
    lignes.push({ articleId, vendeur: article.vendeur, titre: article.titre, prixUnitaire: article.prix, quantite, montant: article.prix * quantite });
    sources.push({ vendeur: article.vendeur, localisation: article.localisation, ville: article.ville });
  }
  const sousTotal = lignes.reduce((sum, line) => sum + line.montant, 0);
  // The fee shown now is the amount charged: both are this quote, stored on the order.
  const demandeLivraison = input.livraison && input.adresseLivraison ? await orderDelivery(sources, input.adresseLivraison) : null;
  const fraisLivraison = demandeLivraison?.quote.frais ?? 0;
  const stamp = Timestamp.fromDate(at);
  const fields = {
    acheteur: caller.uid,
    lignes,
    vendeurs: [...new Set(lignes.map((line) => line.vendeur))],
    sousTotal,
    fraisLivraison,
    total: sousTotal + fraisLivraison,
    livraison: input.livraison,
    adresseLivraison: input.adresseLivraison ?? null,
    demandeLivraison,
    paymentId: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const ref = newDocumentRef(orders());
  const order = await runTransaction(async (tx) => {
    const created: OrderDocument = { ...fields, ...orderMachine.start(tx, { id: ref.id, to: 'pending', at, by: caller.uid, context: fields }) };
    tx.create(ref, created);
    return created;
  });
  return toOrder(ref.id, order);
}

/** What the buyer owes for its pending order: the total computed at creation. */
export async function amountDueForOrder(id: string, payer: string): Promise<number | undefined> {
  const order = (await orders().doc(id).get()).data();
  return order && order.acheteur === payer && order.statut === 'pending' ? order.total : undefined;
}

export async function myOrders(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(orders().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toOrder(doc.id, doc.data())), total);
}

export async function mySales(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(orders().where('vendeurs', 'array-contains', caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toSellerOrder(doc.id, doc.data(), caller.uid)), total);
}

export async function allOrders(query: z.output<typeof OrderAdminQuery>, page: PageRequest) {
  let filtered = orders().orderBy('createdAt', 'desc');
  if (query.statut) filtered = filtered.where('statut', '==', query.statut);
  if (query.acheteur) filtered = filtered.where('acheteur', '==', query.acheteur);
  if (query.vendeur) filtered = filtered.where('vendeurs', 'array-contains', query.vendeur);
  const { docs, total } = await readPage(filtered, page);
  return toPage(page, docs.map((doc) => toOrder(doc.id, doc.data())), total);
}

/** The buyer and admins: the whole order; a seller of one of its lines: its part; anyone else: not found. */
export async function readOrder(caller: ProfileCaller, id: string): Promise<OrderView | SellerOrderView> {
  const order = (await orders().doc(id).get()).data();
  if (order && (order.acheteur === caller.uid || isAdminRole(caller.role))) return toOrder(id, order);
  if (order && order.vendeurs.includes(caller.uid)) return toSellerOrder(id, order, caller.uid);
  throw new ApiError('ORDER_NOT_FOUND');
}

async function move(
  id: string,
  event: OrderEvent,
  by: string,
  reason: string | null,
  allowed: (order: OrderDocument) => boolean,
  admin?: AuditActor,
): Promise<OrderDocument> {
  const ref = orders().doc(id);
  const at = now();
  return runTransaction(async (tx: Transaction) => {
    const order = (await tx.get(ref)).data();
    if (!order || !allowed(order)) throw new ApiError('ORDER_NOT_FOUND');
    // A paid order with delivery ends through its delivery (docs/guides/logistics.md, "Deliveries"): cancelled here,
    // its buyer would be refunded while a courier still carries the parts; delivered here, its
    // courier would never be paid (it is on the delivery's `livre`).
    const ending = event === 'cancel' || event === 'admin_cancel' || event === 'deliver';
    if (order.demandeLivraison && order.statut !== 'pending' && ending) throw new ApiError('ORDER_DELIVERY_UNDER_WAY');
    // Goods that reached the buyer are not cancelled: a disagreement is a dispute (DOMAIN.md, "Fair exchange").
    if ((event === 'cancel' || event === 'admin_cancel') && Object.keys(order.remises ?? {}).length > 0) throw new ApiError('SALE_HANDED_OVER');
    const statut = orderMachine.decide(order.statut, event);
    // A paid order cancelled (by its buyer before the seller's declaration `shipped`, by an admin
    // before the handover): its units go back to stock here, and its money back to the buyer
    // through `order.cancelled`, whose refund takes back every seller's held money (docs/guides/commerce.md, "Orders").
    const paidCancel = statut === 'cancelled' && order.statut !== 'pending' && order.paymentId !== null;
    const returns = paidCancel ? await Promise.all(order.lignes.map((line) => prepareStockReturn(tx, line.articleId, line.quantite, id, order.unites))) : [];
    const moved = orderMachine.move(tx, { id, from: order.statut, event, at, by, reason, history: order.history, context: order });
    const updated: OrderDocument = { ...order, ...moved, history: moved.history! };
    tx.update(ref, { ...moved });
    for (const write of returns) write();
    if (paidCancel) emit(tx, 'order.cancelled', id, { orderId: id, acheteur: order.acheteur, paymentId: order.paymentId!, by, reason: reason ?? 'commande annulée par l’acheteur', at: at.toISOString() }, { inline: true });
    // An admin's move (a cancellation gives money back, a delivery pays sellers): audited with it.
    if (admin) {
      const refunds = paidCancel ? { refundOf: order.paymentId } : {};
      audit(tx, { actor: admin, action: 'order.status_set', target: { collection: COLLECTIONS.commandes, id }, before: { statut: order.statut }, after: { statut }, reason, context: { total: order.total, ...refunds } });
    }
    return updated;
  });
}

export async function cancelOrder(caller: ProfileCaller, id: string) {
  return toOrder(id, await move(id, 'cancel', caller.uid, null, (order) => order.acheteur === caller.uid));
}

/** Answered with the seller's part, as its reads are. */
export async function sellerMove(caller: ProfileCaller, id: string, body: z.output<typeof SellerMove>) {
  return toSellerOrder(id, await move(id, EVENT_TO[body.statut], caller.uid, null, (order) => order.vendeurs.includes(caller.uid)), caller.uid);
}

/** Admins cancel with `admin_cancel` (from `shipped` too: DOMAIN.md, "Fair exchange"), the buyer with `cancel`. */
export async function adminMove(caller: ProfileCaller, id: string, body: z.output<typeof AdminMove>) {
  const event = body.statut === 'cancelled' ? 'admin_cancel' : EVENT_TO[body.statut];
  return toOrder(id, await move(id, event, caller.uid, body.reason, () => true, caller));
}

/**
 * Logistics' word on an order with delivery: `delivered` when its delivery is `livre`, `cancelled`
 * when it ended `refuse`, `retour` or `annule` (logistics marks the refund, which takes back the
 * sellers' held money: docs/guides/logistics.md, "Deliveries"), its units back in stock.
 * Once: a second run finds the order moved already.
 */
export async function onDeliveryEnded(id: string, outcome: 'delivered' | 'failed', detail: string): Promise<void> {
  const ref = orders().doc(id);
  const at = now();
  await runTransaction(async (tx) => {
    const order = (await tx.get(ref)).data();
    if (!order) return;
    const event: OrderEvent = outcome === 'delivered' ? 'delivered_by_courier' : 'delivery_failed';
    if (!orderMachine.next(order.statut, event)) return;
    // A failed delivery brings the parts back: their units return to stock, a listing sold out by it comes back online.
    const returns = outcome === 'failed' ? await Promise.all(order.lignes.map((line) => prepareStockReturn(tx, line.articleId, line.quantite, id, order.unites))) : [];
    const moved = orderMachine.move(tx, { id, from: order.statut, event, at, reason: detail, history: order.history, context: order });
    tx.update(ref, { ...moved });
    for (const write of returns) write();
  });
}
