/**
 * A listing's writes: who writes (the seller, or an admin), moderation, and its moves through the
 * listing's machine (machine.ts); and the searches. Who sees what is listing-view.ts's; the sale
 * to a purchase sale.ts's.
 */
import { isDeepStrictEqual } from 'node:util';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { storedPathOf } from '../../adapters/storage/paths';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { type PageRequest, toPage } from '../../core/pagination';
import { isAdminRole } from '../../core/roles';
import { searchKey } from '../../core/text';
import { assertSellerAccess } from '../subscriptions';
import * as change from './listing-change';
import { type ArticleView, toArticle } from './listing-view';
import type { ArticleDocument } from './model';
import * as repository from './repository';
import type { ArticleInput, ArticleSearchQuery, ArticleUpdate } from './schemas';
import * as searchQuery from './search-query';
import { type ArticleStatus, firstStatus, LISTED } from './state';
import { isPublic } from './visibility';

type SearchQuery = z.output<typeof ArticleSearchQuery>;

function keysOf(fields: { marque?: string; modele?: string; ville?: string }, current?: ArticleDocument) {
  return {
    marqueKey: fields.marque !== undefined ? searchKey(fields.marque) : (current?.marqueKey ?? null),
    modeleKey: fields.modele !== undefined ? searchKey(fields.modele) : (current?.modeleKey ?? null),
    villeKey: fields.ville !== undefined ? searchKey(fields.ville) : current!.villeKey,
  };
}

/** The stored files a listing shows (its photos and video), so the upload clean-up keeps them. */
function mediaPathsOf(photos: readonly string[], video: string | null | undefined): string[] {
  return [...photos, video].map(storedPathOf).filter((path): path is string => path !== null);
}

/** Whether a stored file is shown by a listing, whatever its state (the upload clean-up asks). */
export function isListingMedia(path: string): Promise<boolean> {
  return repository.anyArticleShowing(path);
}

function assertStockFor(type: string, stock: number | undefined): void {
  if (stock !== undefined && type !== 'piece') throw new ApiError('STOCK_ONLY_FOR_PARTS');
}

export async function createArticle(caller: ProfileCaller, input: z.output<typeof ArticleInput>): Promise<ArticleView> {
  assertStockFor(input.type, input.stock);
  // Parts are the subscription's business (DOMAIN.md): a seller's part is shown until its access
  // ends (seller-parts.ts). Admins publish for the marketplace itself; vehicles never hide.
  const accessEnd = input.type === 'piece' && caller.role === 'vendeur' ? await assertSellerAccess(caller.uid) : null;
  const at = Timestamp.fromDate(now());
  const online = config().ARTICLE_MODERATION === 'post';
  const listing: repository.NewListing = {
    ...input,
    photos: input.photos ?? [],
    mediaPaths: mediaPathsOf(input.photos ?? [], input.video),
    ...keysOf(input),
    villeKey: searchKey(input.ville),
    vendeur: caller.uid,
    vendeurNom: `${caller.profile.prenoms ?? ''} ${caller.profile.nom ?? ''}`.trim(),
    vendeurActif: true,
    visibleJusqua: accessEnd && Timestamp.fromDate(accessEnd),
    motifRejet: null,
    aLaUne: false,
    sponsorise: false,
    verificationStatut: 'none',
    views: 0,
    createdAt: at,
    updatedAt: at,
    publishedAt: online ? at : null,
  };
  const id = repository.newArticleId();
  return toArticle(id, await repository.createArticle(id, listing, firstStatus(config().ARTICLE_MODERATION)));
}

/** Only the seller (or an admin) changes a listing. */
function assertOwner(caller: ProfileCaller, article: ArticleDocument): void {
  if (article.vendeur !== caller.uid && !isAdminRole(caller.role)) throw new ApiError('NOT_OWNER');
}

/** Whether a patch changes what buyers see: any field but a part's stock, to a value other than the stored one. */
function changesContent(patch: z.output<typeof ArticleUpdate>, current: ArticleDocument): boolean {
  return Object.entries(patch).some(([field, value]) => field !== 'stock' && !isDeepStrictEqual(value, current[field as keyof ArticleDocument]));
}

/**
 * Whether an edit sends the listing back to moderation (`edit`). A rejected listing does. Under
 * pre-moderation an approved one does too when its seller changes what buyers see, or approved
 * content could be swapped for anything; a part's stock is not content (sellers change it as they
 * sell), and an admin's edit is the moderator's own.
 */
function remoderates(caller: ProfileCaller, current: ArticleDocument, patch: z.output<typeof ArticleUpdate>): boolean {
  return current.statut === 'rejete' || (current.statut === 'en_ligne' && config().ARTICLE_MODERATION === 'pre' && !isAdminRole(caller.role) && changesContent(patch, current));
}

export async function updateArticle(caller: ProfileCaller, id: string, patch: z.output<typeof ArticleUpdate>): Promise<ArticleView> {
  const updated = await change.mutateArticle(
    id,
    (current) => {
      assertOwner(caller, current);
      if (current.statut === 'vendu' || current.statut === 'retire') throw new ApiError('INVALID_TRANSITION');
      assertStockFor(current.type, patch.stock);
      const media = patch.photos !== undefined || patch.video !== undefined ? { mediaPaths: mediaPathsOf(patch.photos ?? current.photos, patch.video ?? current.video) } : {};
      const fields = { ...patch, ...keysOf(patch, current), ...media };
      return remoderates(caller, current, patch) ? { fields: { ...fields, motifRejet: null }, move: { event: 'edit', by: caller.uid } } : { fields };
    },
    now(),
  );
  return toArticle(id, updated);
}

export async function setStock(caller: ProfileCaller, id: string, stock: number): Promise<ArticleView> {
  const updated = await change.mutateArticle(
    id,
    (current) => {
      assertOwner(caller, current);
      assertStockFor(current.type, stock);
      return { fields: { stock } };
    },
    now(),
  );
  return toArticle(id, updated);
}

/** Moves a listing by an event of its table (asked by `by`), with the fields that go with it. */
async function move(
  id: string,
  request: change.ListingMove,
  guard: (current: ArticleDocument) => void,
  extra: (current: ArticleDocument) => Partial<ArticleDocument> = () => ({}),
  decision?: { decision: 'approved' | 'rejected'; motif?: string },
): Promise<ArticleView> {
  const at = now();
  const updated = await change.mutateArticle(
    id,
    (current) => {
      guard(current);
      return { fields: extra(current), move: request };
    },
    at,
    decision && ((tx, next) => emitDecision(tx, id, next, decision.decision, decision.motif)),
  );
  return toArticle(id, updated);
}

export function withdraw(caller: ProfileCaller, id: string): Promise<ArticleView> {
  return move(id, { event: 'withdraw', by: caller.uid }, (current) => assertOwner(caller, current));
}

/** A moderation decision, said with the change (its seller is told, tells.ts); the moment makes it one event. */
function emitDecision(tx: Transaction, id: string, article: ArticleDocument, decision: 'approved' | 'rejected', motif?: string): void {
  const at = article.updatedAt.toDate();
  emit(tx, 'article.moderated', `${id}_${at.getTime()}`, { articleId: id, vendeur: article.vendeur, titre: article.titre, decision, motif: motif ?? null, at: at.toISOString() });
}

export function approve(id: string): Promise<ArticleView> {
  const publish = (current: ArticleDocument) => ({ motifRejet: null, publishedAt: current.publishedAt ?? Timestamp.fromDate(now()) });
  return move(id, { event: 'approve' }, () => undefined, publish, { decision: 'approved' });
}

/** Rejects a listing waiting for moderation, or takes an online one down; the reason is kept. */
export function reject(id: string, motif: string): Promise<ArticleView> {
  return move(id, { event: 'reject', reason: motif }, () => undefined, () => ({ motifRejet: motif }), { decision: 'rejected', motif });
}

export async function deleteArticle(caller: ProfileCaller, id: string): Promise<{ deleted: true }> {
  await change.deleteArticle(
    id,
    (current) => {
      assertOwner(caller, current);
      // A sold listing is part of a sale's records.
      if (current.statut === 'vendu') throw new ApiError('INVALID_TRANSITION');
    },
    now(),
  );
  return { deleted: true };
}

function toFilters(query: SearchQuery): searchQuery.ArticleFilters {
  return {
    type: query.type,
    marqueKey: query.marque ? searchKey(query.marque) : undefined,
    modeleKey: query.modele ? searchKey(query.modele) : undefined,
    pays: query.pays,
    villeKey: query.ville ? searchKey(query.ville) : undefined,
    carburant: query.carburant,
    boiteVitesse: query.boiteVitesse,
    vendeur: query.vendeur,
    prixMin: query.prixMin,
    prixMax: query.prixMax,
    anneeMin: query.anneeMin,
    anneeMax: query.anneeMax,
  };
}

async function search(filters: searchQuery.ArticleFilters, sort: searchQuery.ArticleSort, page: PageRequest, keep: (article: ArticleDocument) => boolean = () => true) {
  const result = await searchQuery.searchArticles(filters, sort, page);
  return toPage(
    page,
    result.items.filter(({ article }) => keep(article)).map(({ id, article }) => toArticle(id, article)),
    result.total,
  );
}

/**
 * Listings in public view: the query matches listed ones; a part whose seller's access ended since
 * the hourly job last ran is left out of the page too (the total may count it until the job runs).
 */
function searchPublic(filters: searchQuery.ArticleFilters, sort: searchQuery.ArticleSort, page: PageRequest) {
  const at = now();
  return search({ ...filters, statut: LISTED, vendeurActif: true }, sort, page, (article) => isPublic(article, at));
}

/** Online listings, filtered and sorted. */
export function searchOnline(query: SearchQuery, page: PageRequest, flag?: 'aLaUne' | 'sponsorise') {
  return searchPublic({ ...toFilters(query), ...(flag ? { [flag]: true as const } : {}) }, query.sort ?? 'newest', page);
}

/** A seller's own listings, every status, newest first. */
export function searchMine(caller: ProfileCaller, statut: ArticleStatus | undefined, page: PageRequest) {
  return search({ vendeur: caller.uid, statut }, 'created_desc', page);
}

export function mostViewed(page: PageRequest) {
  return searchPublic({}, 'views_desc', page);
}
