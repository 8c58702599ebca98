/**
 * Firestore access of listings: reads, the creation, and the writes that change no status (the
 * change of a listing with its status move is listing-change.ts's; a search's query search-query.ts's).
 */
import { type DocumentReference, FieldPath, FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../core/firestore';
import { newDocumentId } from '../../core/ids';
import { startListing } from './machine';
import type { ArticleDocument } from './model';
import type { ArticleStatus } from './state';
import { generations, type StockGenerationDocument } from './stock/repository';

export const articles = () => collection<ArticleDocument>(COLLECTIONS.articles);
export const articleRef = (id: string) => articles().doc(id);

/** Parts and their generations of units read at one moment (one batched read: stock/service.ts). */
export async function readPartsNow(ids: readonly string[]): Promise<Map<string, { article?: ArticleDocument; generation?: StockGenerationDocument }>> {
  const refs = ids.flatMap((id) => [articles().doc(id), generations().doc(id)] as DocumentReference[]);
  const snapshots = await db().getAll(...refs);
  return new Map(ids.map((id, index) => [id, { article: snapshots[2 * index]!.data() as ArticleDocument | undefined, generation: snapshots[2 * index + 1]!.data() as StockGenerationDocument | undefined }]));
}

export function newArticleId(): string {
  return newDocumentId(articles());
}

/** A new listing's fields but its status ones, which its machine starts. */
export type NewListing = Omit<ArticleDocument, 'statut' | 'statutVente' | 'history'>;

/**
 * Creates the listing in `statut` with its first history entry, and says its first status
 * (`article.status_changed` from null), in one transaction. Answers the document written.
 */
export async function createArticle(id: string, listing: NewListing, statut: ArticleStatus): Promise<ArticleDocument> {
  return runTransaction(async (tx) => {
    const article: ArticleDocument = { ...listing, ...startListing(tx, { id, to: statut, at: listing.createdAt.toDate(), by: listing.vendeur, context: listing }) };
    tx.create(articleRef(id), article);
    return article;
  });
}

export async function findArticle(id: string): Promise<ArticleDocument | undefined> {
  return (await articles().doc(id).get()).data();
}

export async function findArticles(ids: string[]): Promise<Map<string, ArticleDocument>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const snapshots = await getAll(unique.map((id) => articles().doc(id)));
  const found = new Map<string, ArticleDocument>();
  for (const doc of snapshots) {
    const article = doc.data();
    if (article) found.set(doc.id, article);
  }
  return found;
}

/** A listing read in the caller's transaction (a sale is part of the purchase's transaction). */
export async function readArticleIn(tx: Transaction, id: string): Promise<ArticleDocument | undefined> {
  return (await tx.get(articles().doc(id))).data();
}

/**
 * An order's units off a part's `stock` without reading the listing (stock/service.ts): an increment,
 * so that the orders paying for units of one part at once never wait for each other's lock on it.
 */
export function lowerStockIn(tx: Transaction, id: string, quantity: number, at: Date): void {
  tx.update(articles().doc(id), { stock: FieldValue.increment(-quantity), updatedAt: Timestamp.fromDate(at) });
}

/** Whether any listing shows this stored file (one read of the array index). */
export async function anyArticleShowing(path: string): Promise<boolean> {
  return !(await articles().where('mediaPaths', 'array-contains', path).limit(1).get()).empty;
}

/** A page of listings in id order, after `after` (the migration's walk). */
export async function articlesAfter(after: string | undefined, limit: number): Promise<Array<{ id: string; article: ArticleDocument }>> {
  let query = articles().orderBy(FieldPath.documentId()).limit(limit);
  if (after) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => ({ id: doc.id, article: doc.data() }));
}

/** Writes `fields` unless `field` is set by now (a publication or another run won); answers whether it wrote. */
export async function setIfMissing(id: string, field: keyof ArticleDocument, fields: Partial<ArticleDocument>): Promise<boolean> {
  const ref = articles().doc(id);
  return runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (!current.exists || current.get(field) !== undefined) return false;
    tx.update(ref, fields);
    return true;
  });
}
