/** Firestore access of advertisements and their pricing. */
import { type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { audit, type AuditActor } from '../../../core/audit';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { readPage, type PageRequest } from '../../../core/pagination';
import type { ArticleDocument } from '../model';
import { newDocumentRef } from '../../../core/ids';
import { publiciteMachine } from './machine';
import type { PubliciteDocument } from './model';

/** `pricing/publicite`: the daily prices of boosts, as an admin last set them. */
interface PublicitePricingDocument {
  sponsoriseParJour: number;
  aLaUneParJour: number;
  updatedBy: string;
  updatedAt: Timestamp;
}

const publicites = () => collection<PubliciteDocument>(COLLECTIONS.publicites);
const articles = () => collection<ArticleDocument>(COLLECTIONS.articles);
const pricingRef = () => collection<Partial<PublicitePricingDocument>>(COLLECTIONS.pricing).doc('publicite');

export async function findPricing(): Promise<{ sponsoriseParJour?: number; aLaUneParJour?: number } | undefined> {
  return (await pricingRef().get()).data();
}

/** Sets the prices, with the audit entry of the change (the prices in force before: stored, or `defaults`) in the same transaction. */
export async function savePricing(pricing: { sponsoriseParJour: number; aLaUneParJour: number }, by: AuditActor, at: Date, defaults: typeof pricing): Promise<void> {
  await runTransaction(async (tx) => {
    const stored = (await tx.get(pricingRef())).data();
    tx.set(pricingRef(), { ...pricing, updatedBy: by.uid, updatedAt: Timestamp.fromDate(at) });
    const before = { sponsoriseParJour: stored?.sponsoriseParJour ?? defaults.sponsoriseParJour, aLaUneParJour: stored?.aLaUneParJour ?? defaults.aLaUneParJour };
    audit(tx, { actor: by, action: 'pricing.updated', target: { collection: COLLECTIONS.pricing, id: 'publicite' }, before, after: { ...pricing } });
  });
}

/** A new boost's fields but its status ones, which its machine starts. */
export type NewPublicite = Omit<PubliciteDocument, 'statut' | 'history'>;

/**
 * A new advertisement, waiting for its payment (with its first history entry: its seller asked for
 * it), and its `publicite.requested` event in the same transaction. Answers its id and the document.
 */
export async function createPublicite(fields: NewPublicite): Promise<{ id: string; pub: PubliciteDocument }> {
  const ref = newDocumentRef(publicites());
  return runTransaction(async (tx) => {
    const pub: PubliciteDocument = { ...fields, ...publiciteMachine.start(tx, { id: ref.id, to: 'en_attente', at: fields.createdAt.toDate(), by: fields.vendeur }) };
    tx.create(ref, pub);
    emit(tx, 'publicite.requested', ref.id, {
      publiciteId: ref.id,
      vendeur: pub.vendeur,
      articleId: pub.articleId,
      typePub: pub.typePub,
      montant: pub.montant,
      requestedAt: pub.createdAt.toDate().toISOString(),
    });
    return { id: ref.id, pub };
  });
}

export async function findPublicite(id: string): Promise<PubliciteDocument | undefined> {
  return (await publicites().doc(id).get()).data();
}

/**
 * Read-modify-write of an advertisement and its listing in one transaction: `decide` sees both and
 * returns the changes of each (a boost and the listing flag it sets move together). It runs after
 * the transaction's reads: its status moves (`publiciteMachine.move(tx, ...)`) go in `tx`.
 */
export async function mutatePublicite(
  id: string,
  decide: (pub: PubliciteDocument, article: ArticleDocument | undefined, otherActive: number, tx: Transaction) => {
    pub: Partial<PubliciteDocument>;
    article?: Partial<ArticleDocument>;
  },
  at: Date,
  withChange?: (tx: Transaction, next: PubliciteDocument) => void,
): Promise<PubliciteDocument> {
  const ref = publicites().doc(id);
  return runTransaction(async (tx) => {
    const pub = (await tx.get(ref)).data();
    if (!pub) throw new ApiError('PUBLICITE_NOT_FOUND');
    const articleRef = articles().doc(pub.articleId);
    // Other running boosts of the same kind on the listing keep its flag on when this one ends.
    const [article, running] = await Promise.all([
      tx.get(articleRef),
      tx.get(publicites().where('articleId', '==', pub.articleId).where('typePub', '==', pub.typePub).where('statut', '==', 'active').limit(5)),
    ]);
    const otherActive = running.docs.filter((doc) => doc.id !== id).length;
    const changes = decide(pub, article.data(), otherActive, tx);
    const stamped = { ...changes.pub, updatedAt: Timestamp.fromDate(at) };
    tx.update(ref, stamped);
    if (changes.article && article.exists) tx.update(articleRef, { ...changes.article, updatedAt: Timestamp.fromDate(at) });
    const next = { ...pub, ...stamped };
    withChange?.(tx, next);
    return next;
  });
}

export interface PubliciteFilters {
  vendeur?: string;
  statut?: string;
  typePub?: string;
}

/** Equality filters then newest first: one (field, createdAt desc) index per filter field. */
export async function listPublicites(filters: PubliciteFilters, page: PageRequest) {
  let query: Query<PubliciteDocument> = publicites();
  for (const [field, value] of Object.entries(filters)) if (value !== undefined) query = query.where(field, '==', value);
  query = query.orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, pub: doc.data() })), total };
}

/** Running boosts, ending soonest first (also what the expiry job reads). */
export async function listActive(endingBefore: Date | undefined, page: PageRequest) {
  let query: Query<PubliciteDocument> = publicites().where('statut', '==', 'active');
  if (endingBefore) query = query.where('dateFin', '<=', Timestamp.fromDate(endingBefore));
  query = query.orderBy('dateFin', 'asc');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, pub: doc.data() })), total };
}

/**
 * Running boosts ended in one listing's transaction. Each is a boost paid for and started by an
 * admin, so no listing comes near it; were one to, the rest stay out of the public list (which
 * shows only boosts of listings in public view) and end with their window.
 */
const BOOSTS_ENDED_PER_LISTING = 100;

/**
 * Reads, in the caller's transaction, the running boosts of a listing that leaves public view, and
 * answers the write that ends them (`expiree`, window closed at `at`). Reads come before writes in
 * a transaction: the caller runs the write after its own reads.
 */
export async function prepareEndOfBoosts(tx: Transaction, articleId: string, at: Date): Promise<() => void> {
  const running = await tx.get(publicites().where('articleId', '==', articleId).where('statut', '==', 'active').limit(BOOSTS_ENDED_PER_LISTING));
  if (running.size === BOOSTS_ENDED_PER_LISTING) logger.warn('listing left public view with too many running boosts to end at once', { articleId });
  const stamp = Timestamp.fromDate(at);
  return () => {
    for (const boost of running.docs) {
      const pub = boost.data();
      tx.update(boost.ref, { ...publiciteMachine.move(tx, { id: boost.id, from: pub.statut, event: 'expire', at, history: pub.history ?? [] }), dateFin: stamp });
    }
  };
}
