/**
 * Life of a listing (`statut`), DOMAIN.md's table as data.
 *  - `en_attente` -> `en_ligne` (approve) | `rejete` (reject, with a reason)
 *  - `en_ligne` -> `vendu` (a paid purchase) | `retire` (the seller withdraws) | `rejete` (taken down)
 *    | `en_attente` (the seller edits what buyers see, under ARTICLE_MODERATION=pre: approved
 *    content cannot be swapped; the service fires `edit` here only then)
 *  - `rejete` -> `en_attente` (the seller edits it)
 *  - `vendu` -> `en_ligne` (restock: a part listing sold out by an order that was then cancelled
 *    gets its units back; docs/guides/commerce.md, "Orders"; relist: the purchase that bought a
 *    vehicle was cancelled before its handover, its delivery failed or an admin refunded it:
 *    DOMAIN.md, "Fair exchange")
 * `retire` is final; `vendu` is, but for that.
 */
import type { TransitionTable } from '../../core/fsm';

export const ARTICLE_STATUSES = ['en_attente', 'en_ligne', 'rejete', 'vendu', 'retire'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_EVENTS = ['approve', 'reject', 'sell', 'withdraw', 'edit', 'restock', 'relist'] as const;
export type ArticleEvent = (typeof ARTICLE_EVENTS)[number];

export const ARTICLE_TRANSITIONS: TransitionTable<ArticleStatus, ArticleEvent> = {
  en_attente: { approve: 'en_ligne', reject: 'rejete' },
  en_ligne: { sell: 'vendu', withdraw: 'retire', reject: 'rejete', edit: 'en_attente' },
  rejete: { edit: 'en_attente' },
  vendu: { restock: 'en_ligne', relist: 'en_ligne' },
  retire: {},
};
