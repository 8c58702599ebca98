/**
 * What "in public view" means for a listing, in one place, so that searches, reads, boosts and
 * views agree. A listing in public view is one anyone may find; one that leaves it takes its
 * boosts down with it (repository.ts).
 */
import type { ArticleDocument } from './model';

/** In public view: online. */
export function isListed(article: Pick<ArticleDocument, 'statut'>): boolean {
  return article.statut === 'en_ligne';
}

/** Whether a change (or a deletion: no `next`) takes a listing out of public view. */
export function leavesPublicView(current: Pick<ArticleDocument, 'statut'>, next: Pick<ArticleDocument, 'statut'> | undefined): boolean {
  return isListed(current) && !(next && isListed(next));
}
