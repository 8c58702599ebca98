/**
 * Purchases of listings. A buyer opens a purchase at the listing's price and pays it (payment type
 * `achat`); the payment's success sells the listing to that purchase and credits the seller's
 * wallet with the price minus the platform fee, each step idempotent for the purchase. When two
 * buyers pay for one listing, the first sale wins and the other purchase is marked for refund.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { db, runTransaction } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import { getArticle, markSoldTo } from '../catalog/service';
import { platformFee } from '../pricing/service';
import { cancelJourneys } from '../transit/service';
import { record } from '../wallet/service';
import type { Achat, AchatRequest } from './achat-schemas';
import { notify } from '../notifications/service';

type AchatStatus = 'en_attente_paiement' | 'payee' | 'annulee' | 'a_rembourser';

interface AchatDocument {
  acheteur: string;
  vendeur: string;
  articleId: string;
  articleTitre: string;
  prix: number;
  modeLivraison: 'consommation' | 'transit';
  paysDestination: string | null;
  statut: AchatStatus;
  paymentId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

const achats = () => db().collection(COLLECTIONS.achats);

function toAchat(id: string, achat: AchatDocument): z.input<typeof Achat> {
  const { createdAt, updatedAt: _updated, ...rest } = achat;
  return { id, ...rest, createdAt: createdAt.toDate().toISOString() };
}

export async function openAchat(caller: ProfileCaller, input: z.output<typeof AchatRequest>) {
  const article = await getArticle(input.articleId);
  if (!article || article.statut !== 'en_ligne') throw new ApiError('ARTICLE_NOT_ONLINE');
  if (article.vendeur === caller.uid) throw new ApiError('OWN_LISTING');
  const at = Timestamp.fromDate(now());
  const achat: AchatDocument = {
    acheteur: caller.uid,
    vendeur: article.vendeur,
    articleId: input.articleId,
    articleTitre: article.titre,
    prix: article.prix,
    modeLivraison: input.modeLivraison,
    paysDestination: input.paysDestination ?? null,
    statut: 'en_attente_paiement',
    paymentId: null,
    createdAt: at,
    updatedAt: at,
  };
  const ref = achats().doc();
  await ref.create(achat);
  return toAchat(ref.id, achat);
}

/** What the buyer owes, while the purchase awaits payment and the listing is still for sale. */
export async function amountDueForAchat(id: string, payer: string): Promise<number | undefined> {
  const achat = (await achats().doc(id).get()).data() as AchatDocument | undefined;
  if (!achat || achat.acheteur !== payer || achat.statut !== 'en_attente_paiement') return undefined;
  const article = await getArticle(achat.articleId);
  return article?.statut === 'en_ligne' ? achat.prix : undefined;
}

/** The effect of a successful `achat` payment; safe to run again for the same payment. */
export async function onAchatPaid(id: string, paymentId: string): Promise<void | { refund: string }> {
  const ref = achats().doc(id);
  const achat = (await ref.get()).data() as AchatDocument | undefined;
  if (!achat) return { refund: 'purchase not found' };
  const won = await markSoldTo(achat.articleId, id);
  const at = Timestamp.fromDate(now());
  if (!won) {
    await ref.update({ statut: 'a_rembourser', paymentId, updatedAt: at });
    return { refund: 'listing sold to another buyer' };
  }
  const fee = await platformFee(achat.prix);
  await runTransaction(async (tx) => {
    await record(achat.vendeur, { type: 'vente', montant: achat.prix - fee, reference: id, description: `Vente : ${achat.articleTitre}` }, tx);
    tx.update(ref, { statut: 'payee', paymentId, updatedAt: at });
  });
  // Keyed by the payment: a retried effect tells nobody twice.
  await Promise.all([
    notify(achat.acheteur, { type: 'achat_paid', key: paymentId, params: { articleTitre: achat.articleTitre, montant: String(achat.prix) }, resource: { kind: 'achat', id } }),
    notify(achat.vendeur, { type: 'article_sold', key: paymentId, params: { articleTitre: achat.articleTitre, net: String(achat.prix - fee) }, resource: { kind: 'article', id: achat.articleId } }),
  ]);
}

/** Cancels an unpaid purchase; its transit journeys (not handed over yet) become `annule`. */
export async function cancelAchat(caller: ProfileCaller, id: string) {
  const cancelled = await closeUnpaid(caller, id);
  await cancelJourneys(cancelled.articleId, caller.uid);
  return cancelled;
}

async function closeUnpaid(caller: ProfileCaller, id: string) {
  const ref = achats().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const achat = snapshot.data() as AchatDocument | undefined;
    if (!achat || achat.acheteur !== caller.uid) throw new ApiError('ACHAT_NOT_FOUND');
    if (achat.statut !== 'en_attente_paiement') throw new ApiError('INVALID_TRANSITION');
    const updated = { ...achat, statut: 'annulee' as const, updatedAt: Timestamp.fromDate(now()) };
    tx.update(ref, { statut: updated.statut, updatedAt: updated.updatedAt });
    return toAchat(id, updated);
  });
}

export async function myAchats(caller: ProfileCaller, page: PageRequest) {
  const query = achats().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toAchat(doc.id, doc.data() as AchatDocument)), total);
}
