/**
 * A listing's status moves (core/fsm.ts): by its table, with their history entry and their
 * `article.status_changed` (the dashboard's counters follow it), in the caller's transaction. Every
 * write of `statut` goes through here: the creation (`startListing`), each change of the listing
 * (listing-change.ts, `moveListing`), and its deletion (`announceDeletion`).
 *
 * `statutVente` is the sale as buyers read it, derived from the status: it is written with every
 * move, so the two never disagree.
 */
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { type HistoryEntry, type MoveRequest, type StartRequest, stateMachine } from '../../core/fsm';
import { type ArticleEvent, type ArticleStatus, DELETED, LISTING_LIFE, type ListingLife, type SaleStatus, saleStatusOf } from './state';

/** What the status event reads of the listing besides its status. */
interface ListingContext {
  type: string;
}

export type ListingHistoryEntry = HistoryEntry<ListingLife>;

/**
 * A part sold and restocked by many orders moves often: the history keeps its latest moves, enough
 * to say what happened to a listing lately without growing with every order.
 */
const HISTORY_KEPT = 20;

export const listingMachine = stateMachine({
  table: LISTING_LIFE,
  historyKept: HISTORY_KEPT,
  statusEvent: {
    type: 'article.status_changed',
    payload: ({ id, from, to, at }, listing: ListingContext) => ({
      articleId: id,
      type: listing.type,
      from: from as ArticleStatus | null,
      to: to === DELETED ? null : to,
      at: at.toISOString(),
    }),
  },
});

/** The status fields a listing's write holds: its status, what buyers read of its sale, its history. */
interface ListingStatusFields {
  statut: ArticleStatus;
  statutVente: SaleStatus;
  history?: ListingHistoryEntry[];
}

/** No event of the table leads to `supprime`: a listing's move always answers a stored status. */
const stored = (statut: ListingLife): ArticleStatus => statut as ArticleStatus;

/** The status fields a move of the table would write (409 INVALID_TRANSITION when it has it not), without making it: what a change reads ahead. */
export function statusAfter(from: ArticleStatus, event: ArticleEvent): Pick<ListingStatusFields, 'statut' | 'statutVente'> {
  const statut = stored(listingMachine.decide(from, event));
  return { statut, statutVente: saleStatusOf(statut) };
}

/** A new listing's status fields (its first history entry) and its event from null: spread them into its create. */
export function startListing(tx: Transaction, request: StartRequest<ArticleStatus, ArticleEvent, ListingContext>): ListingStatusFields & { history: ListingHistoryEntry[] } {
  const started = listingMachine.start(tx, request);
  return { statut: stored(started.statut), statutVente: saleStatusOf(stored(started.statut)), history: started.history! };
}

/** One move of a listing by its table, with its history entry and its event: spread it into the listing's update. */
export function moveListing(tx: Transaction, request: MoveRequest<ArticleStatus, ArticleEvent, ListingHistoryEntry, ListingContext>): ListingStatusFields & { updatedAt: Timestamp } {
  const moved = listingMachine.move(tx, request);
  return { ...moved, statut: stored(moved.statut), statutVente: saleStatusOf(stored(moved.statut)) };
}

/** A listing deleted: its status event (`to` null), in the transaction that deletes it. */
export function announceDeletion(tx: Transaction, id: string, from: ArticleStatus, at: Date, listing: ListingContext): void {
  listingMachine.announce(tx, { id, from, to: DELETED, at }, listing);
}
