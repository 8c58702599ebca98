/** Firestore access of listings. Read-modify-writes run in transactions. */
import { type DocumentReference, FieldPath, FieldValue, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../core/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import type { ArticleDocument } from './model';
import { prepareEndOfBoosts } from './publicites/repository';
import type { ArticleStatus } from './state';
import { endGenerationIn, generations, prepareNewGeneration, type StockGenerationDocument } from './stock/repository';
import { statusChanged } from './status-events';
import { leavesPublicView } from './visibility';
import { newDocumentId } from '../../core/ids';

const articles = () => collection<ArticleDocument>(COLLECTIONS.articles);

/** Parts and their generations of units read at one moment (one batched read: stock/service.ts). */
export async function readPartsNow(ids: readonly string[]): Promise<Map<string, { article?: ArticleDocument; generation?: StockGenerationDocument }>> {
  const refs = ids.flatMap((id) => [articles().doc(id), generations().doc(id)] as DocumentReference[]);
  const snapshots = await db().getAll(...refs);
  return new Map(ids.map((id, index) => [id, { article: snapshots[2 * index]!.data() as ArticleDocument | undefined, generation: snapshots[2 * index + 1]!.data() as StockGenerationDocument | undefined }]));
}

export function newArticleId(): string {
  return newDocumentId(articles());
}

/** Creates the listing and says its first status (`article.status_changed` from null), in one transaction. */
export async function createArticle(id: string, article: ArticleDocument): Promise<void> {
  await runTransaction(async (tx) => {
    tx.create(articles().doc(id), article);
    statusChanged(tx, id, article.type, null, article.statut, article.createdAt.toDate());
  });
}

export async function findArticle(id: string): Promise<ArticleDocument | undefined> {
  return (await articles().doc(id).get()).data();
}

/**
 * What moves a part's units (stock/service.ts): an order's payment taking them, a cancel returning
 * them. Any other write of `stock` is a statement of the seller's (or an admin's).
 */
export interface ChangeKind {
  units?: true;
}

/**
 * The generation write that goes with a change of a part (stock/service.ts): deleted with the
 * listing; a new one when `stock` is stated or the listing leaves public view, except when its
 * units move it (orders selling the last unit): payments holding units of the old one take theirs
 * again, and find the stock stated or the listing gone.
 */
async function prepareGeneration(tx: Transaction, id: string, current: ArticleDocument, changes: Partial<ArticleDocument> | undefined, leaving: boolean, kind: ChangeKind, at: Date) {
  if (current.type !== 'piece' || kind.units) return () => undefined;
  if (!changes) return () => endGenerationIn(tx, id);
  if (!leaving && changes.stock === undefined) return () => undefined;
  return prepareNewGeneration(tx, id, changes.stock ?? current.stock, at);
}

/**
 * The write of a change of one listing in the caller's transaction, after its reads. A change that
 * takes the listing out of public view (withdrawn, taken down, sold, back to moderation, deleted:
 * `changes` undefined) also turns its boost flags off and ends its running boosts, in the same
 * transaction: no boost ever advertises a listing nobody can see.
 */
async function prepareChange(tx: Transaction, id: string, current: ArticleDocument, changes: Partial<ArticleDocument> | undefined, at: Date, kind: ChangeKind = {}) {
  const ref = articles().doc(id);
  const stamped = changes && { ...changes, updatedAt: Timestamp.fromDate(at) };
  const leaving = leavesPublicView(current, stamped && { ...current, ...stamped });
  const endBoosts = leaving ? await prepareEndOfBoosts(tx, id, at) : () => undefined;
  const generation = await prepareGeneration(tx, id, current, changes, leaving, kind, at);
  const written = stamped && { ...stamped, ...(leaving ? { aLaUne: false, sponsorise: false } : {}) };
  return {
    next: written && { ...current, ...written },
    write: () => {
      if (written) tx.update(ref, written);
      else tx.delete(ref);
      // Every status write of a listing passes here: the change is said once, with the write.
      statusChanged(tx, id, current.type, current.statut, written ? (written.statut ?? current.statut) : null, at);
      endBoosts();
      generation();
    },
  };
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

/** Read-modify-write of one listing; `decide` runs on the fresh document and may refuse. */
export async function mutateArticle(
  id: string,
  decide: (current: ArticleDocument) => Partial<ArticleDocument>,
  at: Date,
  withChange?: (tx: Transaction, next: ArticleDocument) => void,
): Promise<ArticleDocument> {
  const ref = articles().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('ARTICLE_NOT_FOUND');
    const change = await prepareChange(tx, id, current, decide(current), at);
    change.write();
    withChange?.(tx, change.next!);
    return change.next!;
  });
}

/** A listing read in the caller's transaction (a sale is part of the purchase's transaction). */
export async function readArticleIn(tx: Transaction, id: string): Promise<ArticleDocument | undefined> {
  return (await tx.get(articles().doc(id))).data();
}

/** The write of a change of a listing read with readArticleIn, for the caller to run after its own reads. */
export async function prepareUpdateIn(tx: Transaction, id: string, current: ArticleDocument, changes: Partial<ArticleDocument>, at: Date, kind: ChangeKind = {}): Promise<() => void> {
  return (await prepareChange(tx, id, current, changes, at, kind)).write;
}

/**
 * An order's units off a part's `stock` without reading the listing (stock/service.ts): an increment,
 * so that the orders paying for units of one part at once never wait for each other's lock on it.
 */
export function lowerStockIn(tx: Transaction, id: string, quantity: number, at: Date): void {
  tx.update(articles().doc(id), { stock: FieldValue.increment(-quantity), updatedAt: Timestamp.fromDate(at) });
}

export async function deleteArticle(id: string, check: (current: ArticleDocument) => void, at: Date): Promise<void> {
  const ref = articles().doc(id);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('ARTICLE_NOT_FOUND');
    check(current);
    (await prepareChange(tx, id, current, undefined, at)).write();
  });
}

export interface ArticleFilters {
  statut?: ArticleStatus;
  vendeurActif?: true;
  type?: string;
  marqueKey?: string;
  modeleKey?: string;
  pays?: string;
  villeKey?: string;
  carburant?: string;
  boiteVitesse?: string;
  vendeur?: string;
  aLaUne?: true;
  sponsorise?: true;
  prixMin?: number;
  prixMax?: number;
  anneeMin?: number;
  anneeMax?: number;
}

export type ArticleSort = 'newest' | 'price_asc' | 'price_desc' | 'year_desc' | 'created_desc' | 'views_desc';

/** Fields filtered by equality, in the order they are applied. */
export const EQUALITY_FIELDS = [
  'statut',
  'vendeurActif',
  'type',
  'marqueKey',
  'modeleKey',
  'pays',
  'villeKey',
  'carburant',
  'boiteVitesse',
  'vendeur',
  'aLaUne',
  'sponsorise',
] as const satisfies ReadonlyArray<keyof ArticleFilters & keyof ArticleDocument>;

export interface ArticleQueryPlan {
  equalities: Array<[field: (typeof EQUALITY_FIELDS)[number], value: unknown]>;
  range?: { field: 'prix' | 'annee'; min?: number; max?: number };
  order: { field: 'publishedAt' | 'prix' | 'annee' | 'createdAt' | 'views'; direction: 'asc' | 'desc' };
}

const ORDERS: Record<ArticleSort, ArticleQueryPlan['order']> = {
  newest: { field: 'publishedAt', direction: 'desc' },
  price_asc: { field: 'prix', direction: 'asc' },
  price_desc: { field: 'prix', direction: 'desc' },
  year_desc: { field: 'annee', direction: 'desc' },
  created_desc: { field: 'createdAt', direction: 'desc' },
  views_desc: { field: 'views', direction: 'desc' },
};

/**
 * How a search becomes a query: equality filters, at most one range, and an order on the range's
 * field when there is one. Firestore serves any set of equality filters with one order by merging
 * the two-field indexes (field, order), so firestore.indexes.json holds one index per equality
 * field and order, and the index test checks every plan against it.
 */
export function planArticleQuery(filters: ArticleFilters, sort: ArticleSort): ArticleQueryPlan {
  const equalities: ArticleQueryPlan['equalities'] = [];
  for (const field of EQUALITY_FIELDS) {
    if (filters[field] !== undefined) equalities.push([field, filters[field]]);
  }
  if (filters.prixMin !== undefined || filters.prixMax !== undefined) {
    return {
      equalities,
      range: { field: 'prix', min: filters.prixMin, max: filters.prixMax },
      order: sort === 'price_desc' ? ORDERS.price_desc : ORDERS.price_asc,
    };
  }
  if (filters.anneeMin !== undefined || filters.anneeMax !== undefined) {
    return { equalities, range: { field: 'annee', min: filters.anneeMin, max: filters.anneeMax }, order: ORDERS.year_desc };
  }
  return { equalities, order: ORDERS[sort] };
}

export async function searchArticles(
  filters: ArticleFilters,
  sort: ArticleSort,
  page: PageRequest,
): Promise<{ items: Array<{ id: string; article: ArticleDocument }>; total: number }> {
  const plan = planArticleQuery(filters, sort);
  let query: Query<ArticleDocument> = articles();
  for (const [field, value] of plan.equalities) query = query.where(field, '==', value);
  if (plan.range?.min !== undefined) query = query.where(plan.range.field, '>=', plan.range.min);
  if (plan.range?.max !== undefined) query = query.where(plan.range.field, '<=', plan.range.max);
  query = query.orderBy(plan.order.field, plan.order.direction);
  const { docs, total } = await readPage(query, page);
  return {
    items: docs.map((doc) => ({ id: doc.id, article: doc.data() })),
    total,
  };
}

/**
 * The two queries over sellers' parts by the end of their seller's access, each an equality and a
 * range on `visibleJusqua` (only sellers' parts have one: null is outside every range). Firestore
 * serves an equality with a range from a composite index (equality field, range field), which
 * firestore.indexes.json holds and the index test checks.
 */
export const PART_ACCESS_QUERIES = {
  /** The hourly job: parts still shown whose seller's access has ended. */
  lapsed: { equality: 'vendeurActif', range: 'visibleJusqua' },
  /** A renewal: the seller's parts whose recorded end is before the new one. */
  renewal: { equality: 'vendeur', range: 'visibleJusqua' },
} as const;

/** Parts still shown whose recorded end of access is past, at most `limit`. */
export async function lapsedParts(at: Date, limit: number): Promise<Array<{ id: string; vendeur: string }>> {
  const { equality, range } = PART_ACCESS_QUERIES.lapsed;
  const due = await articles().where(equality, '==', true).where(range, '<=', Timestamp.fromDate(at)).limit(limit).get();
  return due.docs.map((doc) => ({ id: doc.id, vendeur: doc.data().vendeur }));
}

/**
 * Re-decides one part whose recorded end of access is past, in a transaction that reads its
 * seller's access (`accessEnd`, in the same transaction, so a renewal committing meanwhile is
 * seen): still running, the part keeps its place until the new end; over, it leaves public view
 * (with its boosts). Answers what it did; `unchanged` when the part no longer needed it.
 */
export async function refreshPartAccess(
  id: string,
  accessEnd: (tx: Transaction) => Promise<Date | null>,
  at: Date,
): Promise<'extended' | 'hidden' | 'unchanged'> {
  const ref = articles().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current?.vendeurActif || !current.visibleJusqua || current.visibleJusqua.toMillis() > at.getTime()) return 'unchanged';
    const end = await accessEnd(tx);
    const running = end !== null && end > at;
    const changes: Partial<ArticleDocument> = running ? { visibleJusqua: Timestamp.fromDate(end) } : { vendeurActif: false };
    (await prepareChange(tx, id, current, changes, at)).write();
    return running ? 'extended' : 'hidden';
  });
}

/**
 * A renewal: up to `limit` of the seller's parts whose recorded end is before `end` get the new
 * end and are shown again, in one transaction. Answers how many; fewer than `limit` means none is
 * left. Each batch moves its parts out of the query, so the next one reads the rest.
 */
export async function extendPartsOf(uid: string, end: Date, limit: number, at: Date): Promise<number> {
  const { equality, range } = PART_ACCESS_QUERIES.renewal;
  const until = Timestamp.fromDate(end);
  return runTransaction(async (tx) => {
    const behind = await tx.get(articles().where(equality, '==', uid).where(range, '<', until).limit(limit));
    // Coming back into view writes nothing else: boosts ended when the part left stay ended.
    for (const doc of behind.docs) tx.update(doc.ref, { visibleJusqua: until, vendeurActif: true, updatedAt: Timestamp.fromDate(at) });
    return behind.size;
  });
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
