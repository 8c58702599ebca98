/**
 * What "in public view" means for a listing, in one place, so that searches, reads, boosts and
 * views agree. A listing in public view is one anyone may find; one that leaves it takes its
 * boosts down with it (repository.ts).
 */
import type { ArticleDocument } from './model';

type Visibility = Pick<ArticleDocument, 'statut' | 'vendeurActif' | 'visibleJusqua'>;

/** What the stored fields say, and searches match: online, and not a part of a seller without access. */
export function isListed(article: Pick<ArticleDocument, 'statut' | 'vendeurActif'>): boolean {
  return article.statut === 'en_ligne' && article.vendeurActif === true;
}

/**
 * In public view at `at`: listed, and, for a seller's part, its seller's access not over. The
 * hourly job turns `vendeurActif` off once access ends; until it has run, reads and the items of a
 * page check the end themselves.
 */
export function isPublic(article: Visibility, at: Date): boolean {
  return isListed(article) && !(article.visibleJusqua && article.visibleJusqua.toMillis() <= at.getTime());
}

/**
 * Anyone's to read at `at`: in public view, or sold (a sale's records stay readable). What
 * `GET /api/articles/{id}` shows everyone, and what a chat room may be opened about; the others
 * are their seller's and the admins' only.
 */
export function isReadableByAll(article: Visibility, at: Date): boolean {
  return isPublic(article, at) || article.statut === 'vendu';
}

/** Whether a change (or a deletion: no `next`) takes a listing out of public view. */
export function leavesPublicView(current: Visibility, next: Visibility | undefined): boolean {
  return isListed(current) && !(next && isListed(next));
}
