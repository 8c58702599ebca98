/**
 * Firestore access of listing views, without a hot document (docs/guides/catalog.md, Views).
 *
 * A view is claimed by creating its marker `articleViews/{articleId}_{viewer}_{day}`: the create
 * fails when the marker exists, and the view is not counted. In the same batch (blind writes, no
 * read, no lock) it adds one to a shard of the listing's counter, `articleViewShards/{articleId}_{n}`
 * (one of VIEW_SHARDS, at random), so viewers of one listing rarely write the same document. An
 * anonymous view also claims one of its address's VIEWS_ANONYMOUS_PER_IP_MAX slots of the day
 * (`articleViews/{articleId}_ip_{address}_{day}_{slot}`), created in that batch too: the address
 * counts at most as many views as it has slots, exactly, whatever runs at once, and only viewers
 * from one address ever meet on a slot.
 *
 * The count is `viewsBase` (views counted on the listing before shards existed) plus the shards.
 * The listing's `views` field (search order, listing answers) is a roll-up of it, written with a
 * precondition on the listing's update time: by a view that finds it older than
 * VIEWS_ROLLUP_SECONDS, and by the `rollUpViews` schedule for shards not rolled up since
 * (`pending`). The listing is so written at most about once per VIEWS_ROLLUP_SECONDS by views,
 * and once per run of the schedule.
 */
import { type DocumentReference, type DocumentSnapshot, FieldValue, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { db } from '../../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../../core/firestore';
import type { ArticleDocument } from '../model';

/**
 * Shards of one listing's counter. Firestore takes about one sustained write a second per
 * document: ten shards take a listing's peak of about ten views a second (docs/architecture.md, Hot documents).
 * Readers read them all by id: raising it later is safe, lowering it would drop counts.
 */
export const VIEW_SHARDS = 10;

/** Who views: a key per viewer; anonymous viewers also count against their address's allowance. */
export interface Viewer {
  key: string;
  anonymousFrom?: { key: string; max: number };
}

/** `articleViews/...`: a viewer's view of the day, or one slot of an anonymous address's allowance. Gone after two days (`expireAt`). */
interface ViewDocument {
  articleId: string;
  day: string;
  createdAt: Timestamp;
  expireAt: Timestamp;
}

/** `articleViewShards/{articleId}_{shard}`: part of a listing's count; `pending` until the schedule rolled it up. */
interface ViewShardDocument {
  articleId: string;
  count: number;
  pending: boolean;
  at: Timestamp;
}

const articles = () => collection<ArticleDocument>(COLLECTIONS.articles);
const viewDocs = () => collection<ViewDocument>(COLLECTIONS.articleViews);
const shards = () => collection<ViewShardDocument>(COLLECTIONS.articleViewShards);
const shardRefs = (articleId: string) => Array.from({ length: VIEW_SHARDS }, (_, shard) => shards().doc(`${articleId}_${shard}`));
const slotRef = (articleId: string, addressKey: string, day: string, slot: number) => viewDocs().doc(`${articleId}_ip_${addressKey}_${day}_${slot}`);

const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;
const isCode = (error: unknown, code: number) => (error as { code?: unknown }).code === code;

export async function readListing(articleId: string): Promise<DocumentSnapshot<ArticleDocument>> {
  return articles().doc(articleId).get();
}

/**
 * Views counted on the listing itself before the shards: its `viewsBase` once a roll-up set it;
 * before the first roll-up, everything `views` holds (only the old counting wrote it).
 */
function baseOf(article: ArticleDocument): number {
  if (article.viewsBase !== undefined) return article.viewsBase;
  return article.viewsRolledUpAt ? 0 : (article.views ?? 0);
}

/** The batch of one counted view: its claims, created (they fail when taken), and its increment. */
function countIn(batch: WriteBatch, articleId: string, claims: ReadonlyArray<DocumentReference<ViewDocument>>, view: ViewDocument): void {
  for (const claim of claims) batch.create(claim, view);
  const shard = shards().doc(`${articleId}_${Math.floor(Math.random() * VIEW_SHARDS)}`);
  batch.set(shard, { articleId, count: FieldValue.increment(1), pending: true, at: view.createdAt }, { merge: true });
}

/**
 * Counts the view once per viewer, listing and day (and, anonymous, within its address's slots):
 * true when this call counted it. No transaction: a claim taken by another call fails the batch,
 * which then writes nothing.
 */
export async function countView(articleId: string, viewer: Viewer, day: string, at: Date): Promise<boolean> {
  const markerRef = viewDocs().doc(`${articleId}_${viewer.key}_${day}`);
  const view: ViewDocument = { articleId, day, createdAt: Timestamp.fromDate(at), expireAt: Timestamp.fromMillis(at.getTime() + 2 * 86_400_000) };
  const attempt = async (claims: Array<DocumentReference<ViewDocument>>) => {
    const batch = db().batch();
    countIn(batch, articleId, claims, view);
    try {
      await batch.commit();
      return true;
    } catch (error) {
      if (isCode(error, ALREADY_EXISTS)) return false;
      throw error;
    }
  };
  const from = viewer.anonymousFrom;
  if (!from) return attempt([markerRef]);
  // A slot picked at random first, so the address's viewers seldom meet; when taken, the free ones
  // are read and one of them tried, until the viewer's own marker exists or no slot is left.
  let slot = Math.floor(Math.random() * from.max);
  for (let round = 0; round <= from.max; round += 1) {
    if (await attempt([markerRef, slotRef(articleId, from.key, day, slot)])) return true;
    const slots = Array.from({ length: from.max }, (_, n) => slotRef(articleId, from.key, day, n));
    const [marker, ...taken] = await getAll([markerRef, ...slots]);
    if (marker!.exists) return false;
    const free = taken.flatMap((snapshot, n) => (snapshot.exists ? [] : [n]));
    if (free.length === 0) return false;
    slot = free[Math.floor(Math.random() * free.length)]!;
  }
  return false;
}

/** The listing's count now: its base and the sum of its shards (VIEW_SHARDS reads by id). */
async function sumOf(articleId: string, article: ArticleDocument): Promise<{ views: number; shards: Array<DocumentSnapshot<ViewShardDocument>> }> {
  const read = await getAll(shardRefs(articleId));
  return { views: baseOf(article) + read.reduce((sum, shard) => sum + (shard.data()?.count ?? 0), 0), shards: read };
}

export async function viewsOf(articleId: string, listing: DocumentSnapshot<ArticleDocument>): Promise<number> {
  return (await sumOf(articleId, listing.data()!)).views;
}

/**
 * Writes the count on the listing (`views`, with `viewsBase` and the time) unless the listing
 * changed since `listing` was read (a precondition, no lock): true when it wrote. Another roll-up
 * or an edit that landed meanwhile wins; the count only grows, so a later roll-up is never lower.
 */
async function writeRollUp(listing: DocumentSnapshot<ArticleDocument>, views: number, at: Date): Promise<boolean> {
  try {
    await listing.ref.update(
      { views, viewsBase: baseOf(listing.data()!), viewsRolledUpAt: Timestamp.fromDate(at) },
      { lastUpdateTime: listing.updateTime! },
    );
    return true;
  } catch (error) {
    if (isCode(error, FAILED_PRECONDITION) || isCode(error, NOT_FOUND)) return false;
    throw error;
  }
}

/**
 * The count after a view, for its answer; rolled up on the listing when its roll-up is older than
 * `rollUpSeconds` (a view arriving while another rolls up leaves it to that one).
 */
export async function countAfterView(listing: DocumentSnapshot<ArticleDocument>, at: Date, rollUpSeconds: number): Promise<number> {
  const article = listing.data()!;
  const { views } = await sumOf(listing.id, article);
  const last = article.viewsRolledUpAt?.toMillis();
  const due = last === undefined || at.getTime() - last >= rollUpSeconds * 1000;
  if (due && (views !== article.views || article.viewsBase === undefined)) await writeRollUp(listing, views, at);
  return views;
}

/** Shards counted since the schedule last rolled them up, at most `limit` (a query on `pending`). */
export async function pendingShards(limit: number): Promise<string[]> {
  const due = await shards().where('pending', '==', true).limit(limit).get();
  return [...new Set(due.docs.map((doc) => doc.data().articleId))];
}

/**
 * Rolls one listing's count up (the schedule): the listing written when its `views` differs, then
 * each shard read marked rolled up unless a view landed on it since (a precondition on its update
 * time: that view's shard stays pending for the next run). A listing gone leaves its shards marked.
 */
export async function rollUp(articleId: string, at: Date): Promise<'written' | 'unchanged' | 'retry'> {
  // A listing changed between its read and the write (an edit, a view's own roll-up) is read again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const listing = await readListing(articleId);
    const article = listing.data();
    const { views, shards: read } = article ? await sumOf(articleId, article) : { views: 0, shards: await getAll(shardRefs(articleId)) };
    const changed = article !== undefined && (views !== article.views || article.viewsBase === undefined);
    if (changed && !(await writeRollUp(listing, views, at))) continue;
    await Promise.all(
      read
        .filter((shard) => shard.data()?.pending)
        .map((shard) =>
          shard.ref.update({ pending: false }, { lastUpdateTime: shard.updateTime! }).catch((error: unknown) => {
            if (!isCode(error, FAILED_PRECONDITION)) throw error;
          }),
        ),
    );
    return changed ? 'written' : 'unchanged';
  }
  return 'retry';
}
