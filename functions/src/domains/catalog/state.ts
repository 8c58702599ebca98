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
 *
 * Who asks each event: `approve`, `reject` an admin (moderation); `withdraw`, `edit` the seller (or
 * an admin); `sell` a paid purchase or the order that takes a part's last unit; `restock` a part's
 * units given back or returned; `relist` the purchase that bought it undone before its handover.
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

/**
 * The status a new listing starts in: online at once under post-moderation (ARTICLE_MODERATION=post),
 * waiting for an admin's approval under pre-moderation.
 */
export function firstStatus(moderation: 'pre' | 'post'): ArticleStatus {
  return moderation === 'post' ? 'en_ligne' : 'en_attente';
}

/**
 * What the listing's status event says of a deleted listing (`to` null, its key names `supprime`):
 * the document goes, so no status is stored and no move of the table reaches it; the machine says
 * it through `announce`.
 */
export const DELETED = 'supprime';
export type ListingLife = ArticleStatus | typeof DELETED;
export const LISTING_LIFE: TransitionTable<ListingLife, ArticleEvent> = { ...ARTICLE_TRANSITIONS, [DELETED]: {} };

/** What buyers read of a listing's sale (`statutVente`): sold while its status is `vendu`, available otherwise. */
export type SaleStatus = 'disponible' | 'vendu';
export function saleStatusOf(statut: ArticleStatus): SaleStatus {
  return statut === 'vendu' ? 'vendu' : 'disponible';
}

/** The status of the listings public searches match (with their seller's access running: visibility.ts). */
export const LISTED: ArticleStatus = 'en_ligne';
