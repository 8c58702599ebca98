/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
/**
 * Listing rules: who writes (the seller, or an admin), who sees what (everyone sees online
 * listings; the seller and admins see the rest), moderation, and the status table of `state.ts`.
 * Other domains call `getArticle` and `prepareSale`.
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
import { nextState, transition } from '../../core/fsm';
import { type PageRequest, toPage } from '../../core/pagination';
import { isAdminRole } from '../../core/roles';
import { searchKey } from '../../core/text';
import { assertSellerAccess } from '../subscriptions';
import type { ArticleDocument } from './model';
import * as repository from './repository';
import type { Article, ArticleInput, ArticleSearchQuery, ArticleUpdate } from './schemas';
import { ARTICLE_TRANSITIONS, type ArticleEvent, type ArticleStatus } from './state';
import { isPublic, isReadableByAll } from './visibility';

type ArticleView = z.input<typeof Article>;
type SearchQuery = z.output<typeof ArticleSearchQuery>;

export function toArticle(id: string, article: ArticleDocument): ArticleView {
  const { marqueKey, modeleKey, villeKey, soldTo, soldToBuyer, verificationsOuvertes, vendeurActif, visibleJusqua, viewsBase, viewsRolledUpAt, createdAt, updatedAt, publishedAt, ...fields } = article;
  return {
    id,
    ...fields,
    createdAt: createdAt.toDate().toISOString(),
    updatedAt: updatedAt.toDate().toISOString(),
    publishedAt: publishedAt ? publishedAt.toDate().toISOString() : null,
  };
}

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
  const article: ArticleDocument = {
    ...input,
    photos: input.photos ?? [],
    mediaPaths: mediaPathsOf(input.photos ?? [], input.video),
    ...keysOf(input),
    villeKey: searchKey(input.ville),
    vendeur: caller.uid,
    vendeurNom: `${caller.profile.prenoms ?? ''} ${caller.profile.nom ?? ''}`.trim(),
    statut: online ? 'en_ligne' : 'en_attente',
    vendeurActif: true,
    visibleJusqua: accessEnd && Timestamp.fromDate(accessEnd),
    motifRejet: null,
    aLaUne: false,
    sponsorise: false,
    verificationStatut: 'none',
    views: 0,
    statutVente: 'disponible',
    createdAt: at,
    updatedAt: at,
    publishedAt: online ? at : null,
  };
  const id = repository.newArticleId();
  await repository.createArticle(id, article);
  return toArticle(id, article);
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

/** Only the seller (or an admin) changes a listing. */
function assertOwner(caller: ProfileCaller, article: ArticleDocument): void {
  if (article.vendeur !== caller.uid && !isAdminRole(caller.role)) throw new ApiError('NOT_OWNER');
}

/** Whether a patch changes what buyers see: any field but a part's stock, to a value other than the stored one. */
function changesContent(patch: z.output<typeof ArticleUpdate>, current: ArticleDocument): boolean {
  return Object.entries(patch).some(([field, value]) => field !== 'stock' && !isDeepStrictEqual(value, current[field as keyof ArticleDocument]));
}

/**
 * The status an edit leaves a listing in. A rejected listing goes back to moderation. Under
 * pre-moderation an approved one does too when its seller changes what buyers see, or approved
 * content could be swapped for anything; a part's stock is not content (sellers change it as they
 * sell), and an admin's edit is the moderator's own.
 */
function statusAfterEdit(caller: ProfileCaller, current: ArticleDocument, patch: z.output<typeof ArticleUpdate>): ArticleStatus {
  const remoderate =
    current.statut === 'rejete' ||
    (current.statut === 'en_ligne' && config().ARTICLE_MODERATION === 'pre' && !isAdminRole(caller.role) && changesContent(patch, current));
  return remoderate ? transition(ARTICLE_TRANSITIONS, current.statut, 'edit') : current.statut;
}

export async function updateArticle(caller: ProfileCaller, id: string, patch: z.output<typeof ArticleUpdate>): Promise<ArticleView> {
  const updated = await repository.mutateArticle(
    id,
    (current) => {
      assertOwner(caller, current);
      if (current.statut === 'vendu' || current.statut === 'retire') throw new ApiError('INVALID_TRANSITION');
      assertStockFor(current.type, patch.stock);
      const statut = statusAfterEdit(caller, current, patch);
      const media = patch.photos !== undefined || patch.video !== undefined ? { mediaPaths: mediaPathsOf(patch.photos ?? current.photos, patch.video ?? current.video) } : {};
      return { ...patch, ...keysOf(patch, current), ...media, statut, ...(statut !== current.statut ? { motifRejet: null } : {}) };
    },
    now(),
  );
  return toArticle(id, updated);
}

export async function setStock(caller: ProfileCaller, id: string, stock: number): Promise<ArticleView> {
  const updated = await repository.mutateArticle(
    id,
    (current) => {
      assertOwner(caller, current);
      assertStockFor(current.type, stock);
      return { stock };
    },
    now(),
  );
  return toArticle(id, updated);
}

/** Applies an event of the status table, with the fields that go with it. */
async function move(
  id: string,
  event: ArticleEvent,
  guard: (current: ArticleDocument) => void,
  extra: (next: ArticleStatus, current: ArticleDocument) => Partial<ArticleDocument> = () => ({}),
  decision?: { decision: 'approved' | 'rejected'; motif?: string },
): Promise<ArticleView> {
  const at = now();
  const updated = await repository.mutateArticle(
    id,
    (current) => {
      guard(current);
      const statut = transition(ARTICLE_TRANSITIONS, current.statut, event);
      return { statut, ...extra(statut, current) };
    },
    at,
    decision && ((tx, next) => emitDecision(tx, id, next, decision.decision, decision.motif)),
  );
  return toArticle(id, updated);
}

export function withdraw(caller: ProfileCaller, id: string): Promise<ArticleView> {
  return move(id, 'withdraw', (current) => assertOwner(caller, current));
}

/** A moderation decision, said with the change (its seller is told, tells.ts); the moment makes it one event. */
function emitDecision(tx: Transaction, id: string, article: ArticleDocument, decision: 'approved' | 'rejected', motif?: string): void {
  const at = article.updatedAt.toDate();
  emit(tx, 'article.moderated', `${id}_${at.getTime()}`, { articleId: id, vendeur: article.vendeur, titre: article.titre, decision, motif: motif ?? null, at: at.toISOString() });
}

export function approve(id: string): Promise<ArticleView> {
  const publish = (_next: ArticleStatus, current: ArticleDocument) => ({ motifRejet: null, publishedAt: current.publishedAt ?? Timestamp.fromDate(now()) });
  return move(id, 'approve', () => undefined, publish, { decision: 'approved' });
}

/** Rejects a listing waiting for moderation, or takes an online one down; the reason is kept. */
export function reject(id: string, motif: string): Promise<ArticleView> {
  return move(id, 'reject', () => undefined, () => ({ motifRejet: motif }), { decision: 'rejected', motif });
}

/**
 * A paid purchase: reads the listing in the caller's transaction and answers the write that sells
 * it to the purchase, once (for the same purchase again, a write that changes nothing), or
 * undefined when it cannot be sold to it (sold to another purchase, withdrawn, taken down, gone):
 * that buyer lost the race. The caller runs the write after its own reads, as Firestore
 * transactions require.
 */
export async function prepareSale(tx: Transaction, id: string, achatId: string, buyer?: string): Promise<(() => void) | undefined> {
  const current = await repository.readArticleIn(tx, id);
  if (!current) return undefined;
  if (current.statut === 'vendu' && current.soldTo === achatId) return () => undefined;
  const statut = nextState(ARTICLE_TRANSITIONS, current.statut, 'sell');
  if (!statut) return undefined;
  return repository.prepareUpdateIn(tx, id, current, { statut, statutVente: 'vendu', soldTo: achatId, ...(buyer ? { soldToBuyer: buyer } : {}) }, now());
}

/**
 * The purchase that bought the listing came undone before its handover (cancelled by an admin, its
 * delivery refused, returned or cancelled): the listing back online for other buyers, in the
 * caller's transaction. Nothing when it is not sold to that purchase (sold again since, withdrawn).
 */
export async function prepareUnsale(tx: Transaction, id: string, achatId: string): Promise<() => void> {
  const current = await repository.readArticleIn(tx, id);
  if (!current || current.statut !== 'vendu' || current.soldTo !== achatId) return () => undefined;
  const statut = nextState(ARTICLE_TRANSITIONS, current.statut, 'relist');
  if (!statut) return () => undefined;
  return repository.prepareUpdateIn(tx, id, current, { statut, statutVente: 'disponible', soldTo: null, soldToBuyer: null }, now());
}

export async function deleteArticle(caller: ProfileCaller, id: string): Promise<{ deleted: true }> {
  await repository.deleteArticle(
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

export async function getArticle(id: string): Promise<ArticleDocument | undefined> {
  return repository.findArticle(id);
}

/** Several listings by id, in one read (absent ones are left out). */
export async function getArticles(ids: string[]): Promise<Map<string, ArticleDocument>> {
  return repository.findArticles(ids);
}

function toFilters(query: SearchQuery): repository.ArticleFilters {
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

async function search(filters: repository.ArticleFilters, sort: repository.ArticleSort, page: PageRequest, keep: (article: ArticleDocument) => boolean = () => true) {
  const result = await repository.searchArticles(filters, sort, page);
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
function searchPublic(filters: repository.ArticleFilters, sort: repository.ArticleSort, page: PageRequest) {
  const at = now();
  return search({ ...filters, statut: 'en_ligne', vendeurActif: true }, sort, page, (article) => isPublic(article, at));
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
