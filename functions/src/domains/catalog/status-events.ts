/**
 * The one place a listing's status change becomes an event (`article.status_changed`): the
 * repository calls it wherever `statut` is written (creation, every change through prepareChange,
 * deletion), in the transaction of the write, so the dashboard's counters miss none.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { emit } from '../../core/events';
import { statusEventKey } from '../../core/fsm';
import type { ArticleStatus } from './state';

export function statusChanged(tx: Transaction, articleId: string, type: string, from: ArticleStatus | null, to: ArticleStatus | null, at: Date): void {
  if (from === to) return;
  // The one key policy of status events (core/fsm.ts); a deletion enters `supprime`.
  emit(tx, 'article.status_changed', statusEventKey(articleId, to ?? 'supprime', at), { articleId, type, from, to, at: at.toISOString() });
}
