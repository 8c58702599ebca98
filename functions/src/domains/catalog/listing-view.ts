/**
 * A listing as its readers see it: who sees which (everyone sees listings in public view and sold
 * ones; the seller and admins see the rest) and the answer's shape, without the server's own fields.
 * Other domains call `getArticle` for the stored listing.
 */
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { isAdminRole } from '../../core/roles';
import type { ArticleDocument } from './model';
import * as repository from './repository';
import type { Article } from './schemas';
import { isReadableByAll } from './visibility';

export type ArticleView = z.input<typeof Article>;

/** The answer of a listing: the search keys, the sale's parties, the counters' internals and the status history stay server-side. */
export function toArticle(id: string, article: ArticleDocument): ArticleView {
  const { marqueKey, modeleKey, villeKey, soldTo, soldToBuyer, verificationsOuvertes, vendeurActif, visibleJusqua, viewsBase, viewsRolledUpAt, history, createdAt, updatedAt, publishedAt, ...fields } = article;
  return {
    id,
    ...fields,
    createdAt: createdAt.toDate().toISOString(),
    updatedAt: updatedAt.toDate().toISOString(),
    publishedAt: publishedAt ? publishedAt.toDate().toISOString() : null,
  };
}

/**
 * Listings in public view and sold ones are everyone's; the others (waiting, rejected, withdrawn,
 * a part hidden while its seller's access is over) only their seller's and the admins'.
 */
function canSee(caller: ProfileCaller | undefined, article: ArticleDocument): boolean {
  if (isReadableByAll(article, now())) return true;
  return Boolean(caller && (caller.uid === article.vendeur || isAdminRole(caller.role)));
}

export async function viewArticle(caller: ProfileCaller | undefined, id: string): Promise<ArticleView> {
  const article = await repository.findArticle(id);
  if (!article || !canSee(caller, article)) throw new ApiError('ARTICLE_NOT_FOUND');
  return toArticle(id, article);
}

export async function getArticle(id: string): Promise<ArticleDocument | undefined> {
  return repository.findArticle(id);
}

/** Several listings by id, in one read (absent ones are left out). */
export async function getArticles(ids: string[]): Promise<Map<string, ArticleDocument>> {
  return repository.findArticles(ids);
}
