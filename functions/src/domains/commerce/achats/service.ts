/**
 * Purchases of vehicles. A buyer opens a purchase at the listing's price, plus the delivery fee of
 * the logistics zone quote when it asks for a courier (`livraison`), and pays it (payment type
 * `achat`); the seller's sale stays on the price alone. The payment's success sells the listing to
 * that purchase and holds the price in the seller's wallet until the handover (handover.ts;
 * DOMAIN.md, "Fair exchange"), each step idempotent for the purchase. When two buyers pay for one
 * listing, the first sale wins and the other purchase is marked for refund. Parts are ordered
 * (orders/), never bought here: an order counts their units.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { getArticle, prepareSale, prepareUnsale } from '../../catalog';
import { type DeliveryRequest, quoteDelivery } from '../../logistics';
import { isPublic } from '../../catalog';
import { samePerson } from '../../identity';
import { markForRefund } from '../../payments';
import { prepareHold, type Sale } from '../escrow';
import { type HandoverCodeFields, newHandoverCode } from '../handover/code';
import type { AchatCancellation } from '../events';
import { achatMachine } from './machine';
import type { Achat, AchatRequest } from './schemas';
import type { AchatStatus } from './state';
import { newDocumentRef } from '../../../core/ids';

const REFUSED_VERIFICATION = 'verification_refusee';

export interface AchatDocument extends HandoverCodeFields {
  acheteur: string;
  vendeur: string;
  articleId: string;
  articleTitre: string;
  prix: number;
  modeLivraison: 'consommation' | 'transit';
  paysDestination: string | null;
  /** The delivery fee added to the payment (absent on purchases opened before delivery: 0). */
  fraisLivraison?: number;
  /** The delivery handed to logistics in `achat.paid`; null (or absent) without delivery. */
  demandeLivraison?: DeliveryRequest | null;
  statut: AchatStatus;
  /** Why it was cancelled by the system (a refused verification), absent otherwise. */
  annulation?: typeof REFUSED_VERIFICATION;
  /** With `annulation`: whether it had been paid (its refund and take-back are owed). */
  payeeAvantAnnulation?: boolean;
  paymentId: string | null;
  /** When the vehicle reached the buyer (`remise`), null before. */
  remiseA?: Timestamp | null;
  /** The sale's dispute while it is open (disputes/): its money stays held. */
  litigeOuvert?: string | null;
  /** When it was paid, and whether the stale-handover job reminded its parties (handover/stale.ts). */
  payeLe?: Timestamp;
  rappelRemise?: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export const achats = () => collection<AchatDocument>(COLLECTIONS.achats);

const feeOf = (achat: AchatDocument) => achat.fraisLivraison ?? 0;

/** The purchase as its buyer (and admins) read it: the handover code included. */
export function toAchat(id: string, achat: AchatDocument): z.input<typeof Achat> {
  const { createdAt, updatedAt: _updated, demandeLivraison, fraisLivraison: _fee, codeRemise, codeRemiseEssais: _attempts, remiseA, litigeOuvert, annulation: _why, payeeAvantAnnulation: _paid, payeLe: _paidAt, rappelRemise: _reminded, ...rest } = achat;
  const livraison = demandeLivraison
    ? {
        destination: demandeLivraison.destination.position,
        adresse: demandeLivraison.destination.adresse,
        instructions: demandeLivraison.instructions,
        zoneId: demandeLivraison.quote.zoneId,
        distanceKm: demandeLivraison.quote.distanceKm,
      }
    : null;
  return {
    id,
    ...rest,
    fraisLivraison: feeOf(achat),
    total: achat.prix + feeOf(achat),
    livraison,
    codeRemise: codeRemise ?? null,
    remiseA: remiseA?.toDate().toISOString() ?? null,
    litige: litigeOuvert ?? null,
    createdAt: createdAt.toDate().toISOString(),
  };
}

/** The purchase as its seller reads it: never the buyer's handover code, nor the buyer's delivery address. */
export function toSellerAchat(id: string, achat: AchatDocument): z.input<typeof Achat> {
  return { ...toAchat(id, achat), codeRemise: null, livraison: null };
}

/**
 * The delivery a purchase asks for: from the listing's location (none: 400
 * DELIVERY_PICKUP_UNKNOWN) to the buyer's destination, priced by the zone quote.
 */
async function achatDelivery(vendeur: string, article: { localisation?: DeliveryRequest['destination']['position']; ville: string }, input: NonNullable<z.output<typeof AchatRequest>['livraison']>): Promise<DeliveryRequest> {
  if (!article.localisation) throw new ApiError('DELIVERY_PICKUP_UNKNOWN');
  const quote = await quoteDelivery({ pickups: [article.localisation], destination: input.destination });
  return {
    pickups: [{ vendeur, position: article.localisation, adresse: article.ville }],
    destination: { position: input.destination, adresse: input.adresse },
    instructions: input.instructions ?? null,
    quote,
  };
}

export async function openAchat(caller: ProfileCaller, input: z.output<typeof AchatRequest>) {
  const article = await getArticle(input.articleId);
  // In public view: online, and not a part its lapsed seller may not offer (catalog/visibility.ts).
  if (!article || !isPublic(article, now())) throw new ApiError('ARTICLE_NOT_ONLINE');
  // A part is sold by units through orders: bought whole here, its stock would be lost (DOMAIN.md, "Fair exchange").
  if (article.type === 'piece') throw new ApiError('ACHAT_ARTICLE_IS_PART');
  if (await samePerson(caller.uid, article.vendeur)) throw new ApiError('OWN_LISTING');
  const demandeLivraison = input.livraison ? await achatDelivery(article.vendeur, article, input.livraison) : null;
  const at = Timestamp.fromDate(now());
  const ref = newDocumentRef(achats());
  const achat: AchatDocument = {
    acheteur: caller.uid,
    vendeur: article.vendeur,
    articleId: input.articleId,
    articleTitre: article.titre,
    prix: article.prix,
    modeLivraison: input.modeLivraison,
    paysDestination: input.paysDestination ?? null,
    fraisLivraison: demandeLivraison?.quote.frais ?? 0,
    demandeLivraison,
    ...achatMachine.start(null, { id: ref.id, to: 'en_attente_paiement', at: at.toDate(), by: caller.uid }),
    paymentId: null,
    createdAt: at,
    updatedAt: at,
  };
  await ref.create(achat);
  return toAchat(ref.id, achat);
}

/** What the buyer owes (price and delivery fee), while the purchase awaits payment and the listing is still for sale. */
export async function amountDueForAchat(id: string, payer: string): Promise<number | undefined> {
  const achat = (await achats().doc(id).get()).data();
  if (!achat || achat.acheteur !== payer || achat.statut !== 'en_attente_paiement') return undefined;
  const article = await getArticle(achat.articleId);
  return article && isPublic(article, now()) ? achat.prix + feeOf(achat) : undefined;
}

/** The sale of a purchase: its price, held in the seller's wallet under the purchase's id. */
export function achatSale(id: string, achat: Pick<AchatDocument, 'vendeur' | 'prix' | 'articleTitre'>, paymentId: string): Sale {
  return { paymentId, vendeur: achat.vendeur, reference: id, feeReference: id, gross: achat.prix, description: `Vente : ${achat.articleTitre}` };
}

/**
 * The effect of a successful `achat` payment, in one transaction: the listing sold to the
 * purchase, its price held in the seller's wallet until the handover, the purchase paid (with the
 * buyer's handover code when no courier carries it); or, when the money cannot buy it, the money
 * marked for refund and nothing else changed. Safe to run again for the same payment.
 * Refunds: the purchase was cancelled while its payment was pending; another payment already paid
 * it; the listing was sold to another buyer (or left the catalog).
 */
export async function onAchatPaid(id: string, paymentId: string): Promise<void | { refund: string }> {
  const ref = achats().doc(id);
  if (!(await ref.get()).exists) return { refund: 'purchase not found' };
  const at = Timestamp.fromDate(now());
  const outcome = await runTransaction(async (tx): Promise<{ refund: string } | { paid: AchatDocument }> => {
    // Read above: purchases are never deleted.
    const achat = (await tx.get(ref)).data()!;
    // Paid by this payment already: a retry, nothing to do.
    if (achat.statut === 'payee') return achat.paymentId === paymentId ? { paid: achat } : { refund: 'purchase already paid' };
    if (achat.statut === 'annulee') return { refund: 'purchase cancelled' };
    if (achat.statut === 'a_rembourser') return { refund: 'listing sold to another buyer' };
    const sell = await prepareSale(tx, achat.articleId, id, achat.acheteur);
    if (!sell) {
      tx.update(ref, { ...achatMachine.move(tx, { id, from: achat.statut, event: 'outbid', at: at.toDate() }), paymentId });
      return { refund: 'listing sold to another buyer' };
    }
    // The price is the seller's once the vehicle is handed over (handover.ts): held until then.
    const hold = await prepareHold(tx, paymentId, [achatSale(id, achat, paymentId)]);
    hold.write();
    sell();
    // In person (no courier), the buyer's handover code: the seller enters it when it hands the vehicle over.
    const codeRemise = achat.demandeLivraison ? null : newHandoverCode();
    tx.update(ref, { ...achatMachine.move(tx, { id, from: achat.statut, event: 'pay', at: at.toDate() }), paymentId, codeRemise, codeRemiseEssais: 0, remiseA: null, payeLe: at, rappelRemise: false });
    emit(tx, 'achat.paid', id, {
      achatId: id,
      acheteur: achat.acheteur,
      vendeur: achat.vendeur,
      paymentId,
      prix: achat.prix,
      paidAt: at.toDate().toISOString(),
      livraison: achat.demandeLivraison ?? null,
      // What the parties are told (tells.ts): the buyer what it paid (with the delivery fee), the seller its net on the price.
      articleId: achat.articleId,
      articleTitre: achat.articleTitre,
      montant: achat.prix + feeOf(achat),
      // The seller is credited at the handover: nothing now.
      net: null,
    });
    return { paid: achat };
  });
  return 'refund' in outcome ? outcome : undefined;
}

/**
 * A purchase's delivery `refuse`, `retour` or `annule`: the purchase `annulee` (logistics marks its
 * refund: everything but the fee of a trip made, docs/guides/logistics.md, "Deliveries", which takes
 * the seller's held money back), and the listing, which the seller has back, online again.
 */
export async function onAchatDeliveryFailed(id: string): Promise<void> {
  const ref = achats().doc(id);
  await runTransaction(async (tx) => {
    const achat = (await tx.get(ref)).data();
    if (!achat || !achatMachine.next(achat.statut, 'delivery_failed')) return;
    const relist = await prepareUnsale(tx, achat.articleId, id);
    tx.update(ref, { ...achatMachine.move(tx, { id, from: achat.statut, event: 'delivery_failed', at: now() }) });
    relist();
    emitCancelled(tx, id, achat, 'delivery_failed');
  });
}

/**
 * `achat.cancelled`, in the transaction that cancels the purchase: transit cancels the buyer's
 * journeys of the listing that no live purchase holds any more (transit's subscribers). The
 * buyer's own cancellation is dispatched right after its commit, so its answer comes once the
 * journey is `annule`, as when commerce called transit.
 */
export function emitCancelled(tx: Transaction, id: string, achat: AchatDocument, reason: AchatCancellation, motif?: string): void {
  const payload = { achatId: id, articleId: achat.articleId, acheteur: achat.acheteur, reason, at: now().toISOString(), paymentId: achat.paymentId, ...(motif ? { motif } : {}) };
  emit(tx, 'achat.cancelled', id, payload, { inline: reason === 'buyer' });
}

/** Cancels an unpaid purchase; its transit journeys (not handed over yet) become `annule` (`achat.cancelled`). */
export async function cancelAchat(caller: ProfileCaller, id: string) {
  const ref = achats().doc(id);
  return runTransaction(async (tx) => {
    const achat = (await tx.get(ref)).data();
    if (!achat || achat.acheteur !== caller.uid) throw new ApiError('ACHAT_NOT_FOUND');
    const moved = achatMachine.move(tx, { id, from: achat.statut, event: 'cancel', at: now() });
    const updated = { ...achat, ...moved };
    tx.update(ref, { ...moved });
    emitCancelled(tx, id, achat, 'buyer');
    return toAchat(id, updated);
  });
}

export async function myAchats(caller: ProfileCaller, page: PageRequest) {
  const query = achats().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toAchat(doc.id, doc.data())), total);
}

/** The seller's sold vehicles: the purchases of its listings, paid or later, newest first (the id its handover names). */
export async function mySoldAchats(caller: ProfileCaller, page: PageRequest) {
  const query = achats().where('vendeur', '==', caller.uid).where('statut', 'in', ['payee', 'remise', 'annulee']).orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toSellerAchat(doc.id, doc.data())), total);
}

/**
 * The buyer refused the listing after its verification report (`verification.status_changed` to
 * `refuse`): each of its live purchases of the listing is `annulee`; a paid one has its money
 * marked for refund, which takes back its seller's sale credit and the platform's fee in the same
 * transaction (payments' ledger; a credit already withdrawn becomes the seller's debt). The transit
 * journey becomes `annule` (transit's subscribers of `achat.cancelled` and of the refusal). The verification fee itself stays paid: the inspection was made.
 *
 * A paid purchase with delivery is left to its delivery: the goods may be on the way or handed
 * over, its seller is credited on `livre`, and the buyer's way out is refusing them at the door
 * (the delivery's `refuse`, which keeps the trip's fee). Refunding it here would pay back a trip
 * that was made, or a vehicle already received.
 *
 * Safe to run again, also after a crash between the cancellation and its refund: the cancellation
 * marks the purchase (`annulation`), and a run finds the marked purchases again to finish the
 * refund (and with it the take-back), written once.
 */
export async function cancelForRefusedVerification(articleId: string, buyer: string): Promise<void> {
  const candidates = await achats()
    .where('acheteur', '==', buyer)
    .where('articleId', '==', articleId)
    .where('statut', 'in', ['payee', 'en_attente_paiement', 'annulee'])
    .limit(20)
    .get();
  for (const doc of candidates.docs) {
    const cancelled = await runTransaction(async (tx) => {
      const achat = (await tx.get(doc.ref)).data();
      if (!achat) return undefined;
      if (achat.statut === 'annulee') return achat.annulation === REFUSED_VERIFICATION ? achat : undefined;
      const unpaid = achat.statut === 'en_attente_paiement';
      if (!unpaid && achat.demandeLivraison) return undefined;
      const moved = achatMachine.tryMove(tx, { id: doc.id, from: achat.statut, event: 'refuse_verification', at: now() });
      if (!moved) return undefined;
      tx.update(doc.ref, { ...moved, annulation: REFUSED_VERIFICATION, payeeAvantAnnulation: !unpaid });
      emitCancelled(tx, doc.id, achat, REFUSED_VERIFICATION);
      return { ...achat, payeeAvantAnnulation: !unpaid };
    });
    if (!cancelled?.payeeAvantAnnulation || !cancelled.paymentId) continue;
    await markForRefund(cancelled.paymentId, 'vérification refusée par l’acheteur');
  }
}
