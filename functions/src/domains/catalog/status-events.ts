/**
 * The one place a listing's status change becomes an event (`article.status_changed`): the
 * repository calls it wherever `statut` is written (creation, every change through prepareChange,
 * deletion), in the transaction of the write, so the dashboard's counters miss none.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { emit } from '../../core/events';
import type { ArticleStatus } from './state';

export function statusChanged(tx: Transaction, articleId: string, type: string, from: ArticleStatus | null, to: ArticleStatus | null, at: Date): void {
  if (from === to) return;
  // The moment tells a later return to the same status apart; a retried transaction keeps its `at`.
  emit(tx, 'article.status_changed', `${articleId}_${to ?? 'supprime'}_${at.getTime()}`, { articleId, type, from, to, at: at.toISOString() });
}
