/**
 * The write of one change of a listing, with what goes with it in the same transaction: its status
 * move (machine.ts), its boosts ended and its flags off when it leaves public view, a part's new
 * generation of units (stock/service.ts). Read-modify-writes run in transactions.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { announceDeletion, moveListing, statusAfter } from './machine';
import type { ArticleDocument } from './model';
import { prepareEndOfBoosts } from './publicites/repository';
import { articleRef } from './repository';
import type { ArticleEvent } from './state';
import { endGenerationIn, prepareNewGeneration } from './stock/repository';
import { leavesPublicView } from './visibility';

/**
 * What moves a part's units (stock/service.ts): an order's payment taking them, a cancel returning
 * them. Any other write of `stock` is a statement of the seller's (or an admin's).
 */
export interface ChangeKind {
  units?: true;
}

/** A move of the listing's status table that a change makes, and who asked it (its history entry). */
export interface ListingMove {
  event: ArticleEvent;
  by?: string;
  reason?: string | null;
}

/** A change of a listing: fields written as they are, and the move of its status when it makes one. */
export interface ListingChange {
  fields?: Partial<ArticleDocument>;
  move?: ListingMove;
}

/**
 * The generation write that goes with a change of a part (stock/service.ts): deleted with the
 * listing; a new one when `stock` is stated or the listing leaves public view, except when its
 * units move it (orders selling the last unit): payments holding units of the old one take theirs
 * again, and find the stock stated or the listing gone.
 */
async function prepareGeneration(tx: Transaction, id: string, current: ArticleDocument, fields: Partial<ArticleDocument> | undefined, leaving: boolean, kind: ChangeKind, at: Date) {
  if (current.type !== 'piece' || kind.units) return () => undefined;
  if (!fields) return () => endGenerationIn(tx, id);
  if (!leaving && fields.stock === undefined) return () => undefined;
  return prepareNewGeneration(tx, id, fields.stock ?? current.stock, at);
}

/**
 * The write of a change of one listing in the caller's transaction, after its reads. A change that
 * takes the listing out of public view (withdrawn, taken down, sold, back to moderation, deleted:
 * `change` undefined) also turns its boost flags off and ends its running boosts, in the same
 * transaction: no boost ever advertises a listing nobody can see. The status move is decided here,
 * among the reads (409 INVALID_TRANSITION when the table has it not), and made with the write.
 */
async function prepareChange(tx: Transaction, id: string, current: ArticleDocument, change: ListingChange | undefined, at: Date, kind: ChangeKind = {}) {
  const fields = change && { ...change.fields, updatedAt: Timestamp.fromDate(at) };
  const status = change?.move ? statusAfter(current.statut, change.move.event) : {};
  const leaving = leavesPublicView(current, fields && { ...current, ...fields, ...status });
  const endBoosts = leaving ? await prepareEndOfBoosts(tx, id, at) : () => undefined;
  const generation = await prepareGeneration(tx, id, current, fields, leaving, kind, at);
  const written = fields && { ...fields, ...(leaving ? { aLaUne: false, sponsorise: false } : {}) };
  return {
    next: written && { ...current, ...written, ...status },
    write: () => {
      const move = change?.move;
      if (!written) {
        tx.delete(articleRef(id));
        announceDeletion(tx, id, current.statut, at, current);
      } else if (move) {
        const moved = moveListing(tx, { id, from: current.statut, event: move.event, at, by: move.by, reason: move.reason, history: current.history ?? [], context: current });
        tx.update(articleRef(id), { ...written, ...moved });
      } else {
        tx.update(articleRef(id), written);
      }
      endBoosts();
      generation();
    },
  };
}

/** Read-modify-write of one listing; `decide` runs on the fresh document and may refuse. */
export async function mutateArticle(
  id: string,
  decide: (current: ArticleDocument) => ListingChange,
  at: Date,
  withChange?: (tx: Transaction, next: ArticleDocument) => void,
): Promise<ArticleDocument> {
  return runTransaction(async (tx) => {
    const current = (await tx.get(articleRef(id))).data();
    if (!current) throw new ApiError('ARTICLE_NOT_FOUND');
    const change = await prepareChange(tx, id, current, decide(current), at);
    change.write();
    withChange?.(tx, change.next!);
    return change.next!;
  });
}

/** The write of a change of a listing read with readArticleIn, for the caller to run after its own reads. */
export async function prepareUpdateIn(tx: Transaction, id: string, current: ArticleDocument, change: ListingChange, at: Date, kind: ChangeKind = {}): Promise<() => void> {
  return (await prepareChange(tx, id, current, change, at, kind)).write;
}

export async function deleteArticle(id: string, check: (current: ArticleDocument) => void, at: Date): Promise<void> {
  await runTransaction(async (tx) => {
    const current = (await tx.get(articleRef(id))).data();
    if (!current) throw new ApiError('ARTICLE_NOT_FOUND');
    check(current);
    (await prepareChange(tx, id, current, undefined, at)).write();
  });
}
