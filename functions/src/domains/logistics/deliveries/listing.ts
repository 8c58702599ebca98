/**
 * The queries of `GET /api/deliveries`, planned apart so a test (test/platform/deployment.test.ts) checks
 * every plan against firestore.indexes.json: a filter combination without its composite index is a
 * FAILED_PRECONDITION (500) in production, though the emulator answers it. Admin levels filter by
 * `statut` plus at most one of the other filters (ADMIN_FILTERS); other combinations are refused
 * with VALIDATION_ERROR. Others see their own (by role), by `statut` at most.
 */
import { ApiError } from '../../../core/errors';

/** One equality (`array-contains` for `vendeurs`) of a plan; every plan orders by `createdAt` desc. */
export type DeliveryEquality = [field: 'statut' | 'acheteur' | 'vendeurs' | 'livreur' | 'sansLivreur' | 'enLitige', value: string | boolean];

export interface DeliveryListFilters {
  statut?: string;
  acheteur?: string;
  vendeur?: string;
  livreur?: string;
  sansLivreur?: 'true' | 'false';
  litige?: 'true' | 'false';
}

/** The admin filters besides `statut`, and the field each one reads: one of them at a time. */
export const ADMIN_FILTERS = {
  acheteur: 'acheteur',
  vendeur: 'vendeurs',
  livreur: 'livreur',
  sansLivreur: 'sansLivreur',
  litige: 'enLitige',
} as const satisfies Record<Exclude<keyof DeliveryListFilters, 'statut'>, DeliveryEquality[0]>;

/** Who lists: admin levels, or a user seeing its own deliveries through its role's field. */
export type DeliveryListScope = { admin: true } | { admin: false; field: 'livreur' | 'vendeurs' | 'acheteur'; uid: string };

export function planDeliveryList(scope: DeliveryListScope, filters: DeliveryListFilters): DeliveryEquality[] {
  const given = (Object.keys(ADMIN_FILTERS) as Array<keyof typeof ADMIN_FILTERS>).filter((name) => filters[name] !== undefined);
  if (given.length > 0 && !scope.admin) throw new ApiError('FORBIDDEN_ROLE');
  if (given.length > 1) {
    throw new ApiError('VALIDATION_ERROR', [{ field: `query.${given[1]}`, reason: 'not_allowed', hint: `Filter by statut and at most one of ${Object.keys(ADMIN_FILTERS).join(', ')}.` }]);
  }
  const equalities: DeliveryEquality[] = scope.admin ? [] : [[scope.field, scope.uid]];
  if (filters.statut !== undefined) equalities.push(['statut', filters.statut]);
  for (const name of given) {
    const value = filters[name]!;
    equalities.push([ADMIN_FILTERS[name], name === 'sansLivreur' || name === 'litige' ? value === 'true' : value]);
  }
  return equalities;
}
