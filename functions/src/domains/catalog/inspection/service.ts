/**
 * The paid inspection of a listing (DOMAIN.md, "Verification of an article"; the API says
 * `verification`): a buyer pays the verification price; the request is
 * then created `en_attente` and the seller told. Admins take the inspection and attach its report
 * (admin.ts); the buyer reads it and decides (buyer.ts). Every change of status emits
 * `verification.status_changed`, which the counters (stats.ts), transit and commerce follow.
 *
 * An inspection is of the vehicle, not of one buyer's request: several buyers may have paid to
 * verify the same listing, and an admin's PATCH moves every open request of the listing together.
 * They are bounded by VERIFICATION_MAX_OPEN_PER_ARTICLE (the listing's `verificationsOuvertes`,
 * kept in the transactions that open and close requests), and a buyer holds at most one request of
 * a listing that is not final.
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { priceList } from '../../pricing';
import { samePerson } from '../../identity';
import type { ArticleDocument } from '../model';
import { getArticle } from '../listing-view';
import { isPublic } from '../visibility';
import { handedOver, handoverRef } from './handover';
import { inspectionMachine } from './machine';
import type { InspectionDocument, NewInspection } from './model';
import type { InspectionStatus } from './state';

export const inspections = () => collection<InspectionDocument>(COLLECTIONS.verifications);
const articles = () => collection<ArticleDocument>(COLLECTIONS.articles);

/** Statuses in which a buyer's request still waits for something: a buyer holds one of these per listing at most. */
export const UNFINISHED: InspectionStatus[] = ['en_attente', 'en_cours', 'rapport_disponible'];

/** The buyer's unfinished request of the listing (index: acheteur, articleId, statut). */
function unfinishedOf(articleId: string, buyer: string) {
  return inspections().where('acheteur', '==', buyer).where('articleId', '==', articleId).where('statut', 'in', UNFINISHED).limit(1);
}

const openCount = (article: ArticleDocument | undefined) => article?.verificationsOuvertes ?? 0;

/**
 * The price of verifying an online listing someone else sells (or the vehicle the buyer bought), or undefined: not while the buyer
 * has a request of it that is not final, nor once VERIFICATION_MAX_OPEN_PER_ARTICLE requests wait
 * for its inspection.
 */
export async function amountDueForInspection(articleId: string | undefined, payer: string): Promise<number | undefined> {
  if (!articleId) return undefined;
  const article = await getArticle(articleId);
  // An online listing, or the vehicle the payer bought already (DOMAIN.md: refusing the report cancels that purchase).
  const bought = article?.statut === 'vendu' && article.soldToBuyer === payer;
  if (!article || !(isPublic(article, now()) || bought) || (await samePerson(payer, article.vendeur))) return undefined;
  if (openCount(article) >= config().VERIFICATION_MAX_OPEN_PER_ARTICLE) return undefined;
  if (!(await unfinishedOf(articleId, payer).get()).empty) return undefined;
  // A vehicle the payer already got cannot be inspected for a refusal any more.
  if (await handedOver(articleId, payer)) return undefined;
  return (await priceList('verification-pricing')).prix;
}

/** Moves the listing's count of requests waiting for its inspection, in the caller's transaction (the listing was read in it). */
export function countOpen(tx: Transaction, articleId: string, delta: number, fields: Record<string, unknown> = {}): void {
  tx.update(articles().doc(articleId), { verificationsOuvertes: FieldValue.increment(delta), ...fields, updatedAt: Timestamp.fromDate(now()) });
}

/**
 * Opens the request once per payment, marks the listing, and tells its seller. Answers why the
 * money must go back instead when the payment cannot open one: the listing is gone, the buyer
 * holds another unfinished request of it, or the listing's cap was reached meanwhile (two payments
 * started at once both passed the check at their start).
 */
export async function openInspection(paymentId: string, articleId: string, buyer: string): Promise<void | { refund: string }> {
  const requestRef = inspections().doc(paymentId);
  const articleRef = articles().doc(articleId);
  const at = now();
  const stamp = Timestamp.fromDate(at);
  return runTransaction(async (tx) => {
    const [request, article, unfinished, handover] = await Promise.all([tx.get(requestRef), tx.get(articleRef), tx.get(unfinishedOf(articleId, buyer)), tx.get(handoverRef(articleId, buyer))]);
    if (request.exists) return undefined;
    const listing = article.data();
    if (!listing) return { refund: 'listing not found' };
    if (handover.exists) return { refund: 'vehicle already handed over' };
    if (!unfinished.empty) return { refund: 'buyer already has a verification of this listing' };
    if (openCount(listing) >= config().VERIFICATION_MAX_OPEN_PER_ARTICLE) return { refund: 'too many verifications of this listing' };
    const fields: NewInspection = {
      articleId,
      acheteur: buyer,
      vendeur: listing.vendeur,
      paymentId,
      articleTitre: listing.titre,
      rapport: null,
      motif: null,
      admin: null,
      startedAt: null,
      reportedAt: null,
      decidedAt: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    // Opened by the buyer's payment: its first history entry and its event (from null).
    tx.create(requestRef, { ...fields, ...inspectionMachine.start(tx, { id: paymentId, to: 'en_attente', at, by: buyer, context: fields }) });
    // The listing says an inspection waits; each buyer's decision is its own (docs/guides/catalog.md, "Verification of a listing").
    countOpen(tx, articleId, 1, { verificationStatut: 'en_attente' });
    return undefined;
  });
}
