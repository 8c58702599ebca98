/**
 * How a search of listings becomes a Firestore query (filters, one range, one order), and its run.
 * firestore.indexes.json holds the indexes every plan needs; the index test checks them.
 */
import type { Query } from 'firebase-admin/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import type { ArticleDocument } from './model';
import { articles } from './repository';
import type { ArticleStatus } from './state';

export interface ArticleFilters {
  statut?: ArticleStatus;
  vendeurActif?: true;
  type?: string;
  marqueKey?: string;
  modeleKey?: string;
  pays?: string;
  villeKey?: string;
  carburant?: string;
  boiteVitesse?: string;
  vendeur?: string;
  aLaUne?: true;
  sponsorise?: true;
  prixMin?: number;
  prixMax?: number;
  anneeMin?: number;
  anneeMax?: number;
}

export type ArticleSort = 'newest' | 'price_asc' | 'price_desc' | 'year_desc' | 'created_desc' | 'views_desc';

/** Fields filtered by equality, in the order they are applied. */
export const EQUALITY_FIELDS = [
  'statut',
  'vendeurActif',
  'type',
  'marqueKey',
  'modeleKey',
  'pays',
  'villeKey',
  'carburant',
  'boiteVitesse',
  'vendeur',
  'aLaUne',
  'sponsorise',
] as const satisfies ReadonlyArray<keyof ArticleFilters & keyof ArticleDocument>;

export interface ArticleQueryPlan {
  equalities: Array<[field: (typeof EQUALITY_FIELDS)[number], value: unknown]>;
  range?: { field: 'prix' | 'annee'; min?: number; max?: number };
  order: { field: 'publishedAt' | 'prix' | 'annee' | 'createdAt' | 'views'; direction: 'asc' | 'desc' };
}

const ORDERS: Record<ArticleSort, ArticleQueryPlan['order']> = {
  newest: { field: 'publishedAt', direction: 'desc' },
  price_asc: { field: 'prix', direction: 'asc' },
  price_desc: { field: 'prix', direction: 'desc' },
  year_desc: { field: 'annee', direction: 'desc' },
  created_desc: { field: 'createdAt', direction: 'desc' },
  views_desc: { field: 'views', direction: 'desc' },
};

/**
 * How a search becomes a query: equality filters, at most one range, and an order on the range's
 * field when there is one. Firestore serves any set of equality filters with one order by merging
 * the two-field indexes (field, order), so firestore.indexes.json holds one index per equality
 * field and order, and the index test checks every plan against it.
 */
export function planArticleQuery(filters: ArticleFilters, sort: ArticleSort): ArticleQueryPlan {
  const equalities: ArticleQueryPlan['equalities'] = [];
  for (const field of EQUALITY_FIELDS) {
    if (filters[field] !== undefined) equalities.push([field, filters[field]]);
  }
  if (filters.prixMin !== undefined || filters.prixMax !== undefined) {
    return {
      equalities,
      range: { field: 'prix', min: filters.prixMin, max: filters.prixMax },
      order: sort === 'price_desc' ? ORDERS.price_desc : ORDERS.price_asc,
    };
  }
  if (filters.anneeMin !== undefined || filters.anneeMax !== undefined) {
    return { equalities, range: { field: 'annee', min: filters.anneeMin, max: filters.anneeMax }, order: ORDERS.year_desc };
  }
  return { equalities, order: ORDERS[sort] };
}

export async function searchArticles(
  filters: ArticleFilters,
  sort: ArticleSort,
  page: PageRequest,
): Promise<{ items: Array<{ id: string; article: ArticleDocument }>; total: number }> {
  const plan = planArticleQuery(filters, sort);
  let query: Query<ArticleDocument> = articles();
  for (const [field, value] of plan.equalities) query = query.where(field, '==', value);
  if (plan.range?.min !== undefined) query = query.where(plan.range.field, '>=', plan.range.min);
  if (plan.range?.max !== undefined) query = query.where(plan.range.field, '<=', plan.range.max);
  query = query.orderBy(plan.order.field, plan.order.direction);
  const { docs, total } = await readPage(query, page);
  return {
    items: docs.map((doc) => ({ id: doc.id, article: doc.data() })),
    total,
  };
}
