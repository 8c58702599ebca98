/**
 * The queries of `GET /api/verification/admin/requests`, planned apart so a test
 * (test/platform/deployment.test.ts) checks every plan against firestore.indexes.json. Admins filter by
 * `statut` plus at most one of `articleId`, `acheteur` (ADMIN_FILTERS), and by a range of days on
 * `createdAt`, the field every plan orders by; other combinations answer VALIDATION_ERROR.
 */
import { ApiError } from '../../../core/errors';

export interface InspectionListFilters {
  statut?: string;
  articleId?: string;
  acheteur?: string;
}

export const ADMIN_FILTERS = ['articleId', 'acheteur'] as const;

export type InspectionEquality = [field: 'statut' | (typeof ADMIN_FILTERS)[number], value: string];

export function planInspectionList(filters: InspectionListFilters): InspectionEquality[] {
  const given = ADMIN_FILTERS.filter((name) => filters[name] !== undefined);
  if (given.length > 1) {
    throw new ApiError('VALIDATION_ERROR', [{ field: `query.${given[1]}`, reason: 'not_allowed', hint: `Filter by statut and at most one of ${ADMIN_FILTERS.join(', ')}.` }]);
  }
  const equalities: InspectionEquality[] = [];
  if (filters.statut !== undefined) equalities.push(['statut', filters.statut]);
  for (const name of given) equalities.push([name, filters[name]!]);
  return equalities;
}
