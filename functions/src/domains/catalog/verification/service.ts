/**
 * Paid verification of a listing (DOMAIN.md): a buyer pays the verification price; the request is
 * then created `en_attente` and the seller told. The report and the buyer's decision come with the
 * verification workflow; this is the part a payment starts.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { db, runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { notifyIn } from '../../notifications';
import { priceList } from '../../pricing';
import { samePerson } from '../../identity';
import type { ArticleDocument } from '../model';
import { getArticle } from '../service';
import { isPublic } from '../visibility';

/** The price of verifying an online listing someone else sells, or undefined. */
export async function amountDueForVerification(articleId: string | undefined, payer: string): Promise<number | undefined> {
  if (!articleId) return undefined;
  const article = await getArticle(articleId);
  if (!article || !isPublic(article, now()) || (await samePerson(payer, article.vendeur))) return undefined;
  return (await priceList('verification-pricing')).prix;
}

/** Opens the request once per payment, marks the listing, and tells its seller. */
export async function openVerification(paymentId: string, articleId: string, buyer: string): Promise<void> {
  const requestRef = db().collection(COLLECTIONS.verifications).doc(paymentId);
  const articleRef = collection<ArticleDocument>(COLLECTIONS.articles).doc(articleId);
  const at = Timestamp.fromDate(now());
  await runTransaction(async (tx) => {
    const [request, article] = await Promise.all([tx.get(requestRef), tx.get(articleRef)]);
    const listing = article.data();
    if (request.exists || !listing) return;
    const vendeur = listing.vendeur;
    tx.create(requestRef, { articleId, acheteur: buyer, vendeur, statut: 'en_attente', paymentId, createdAt: at, updatedAt: at });
    tx.update(articleRef, { verificationStatut: 'en_attente', updatedAt: at });
    notifyIn(tx, vendeur, { type: 'verification_requested', key: paymentId, resource: { kind: 'article', id: articleId } });
  });
}
