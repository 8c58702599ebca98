import { ApiRouter } from '../../../core/http';
import { deepestPage, pagedReads } from '../../../core/read-ceiling';

/** Cell queries of the open requests' search that may come back empty (each billed one read). */
const OPEN_REQUEST_CELL_QUERIES = 10;
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { AdminDemandesQuery, Demande, DemandeIdParams, DemandeListQuery, DemandeRequest, OpenDemandesQuery, RejectDemandeRequest } from './schemas';
import { acceptDemande, adminDemandes, cancelDemande, myDemandes, openDemande, openDemandes, readDemande, rejectDemande, releaseDemande } from './service';
import { USER_LIMITS } from '../../../core/user-limits';

const tags = ['Driver requests'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes',
    tags,
    summary: 'Asks for a driver, for an online listing (`articleId`) or a trip (`trajet`), at a future date and a place',
    access: 'profile',
    roles: ['acheteur'],
    userRateLimit: USER_LIMITS.driverRequest,
    body: DemandeRequest,
    errors: ['ARTICLE_NOT_ONLINE', 'DEMANDE_DATE_PAST'],
    success: { status: 201, description: 'The request, open to drivers (`en_attente`)', data: Demande },
    handle: ({ caller, body }) => openDemande(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/chauffeurs/demandes/mine',
    tags,
    summary: 'The caller’s driver requests, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['acheteur'],
    query: DemandeListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests', item: Demande },
    handle: ({ caller, query }) => myDemandes(caller, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/chauffeurs/demandes/open',
    tags,
    summary: 'Open requests a driver may accept, nearest first when `lat` and `lng` are given',
    description: 'Looks at the newest 200 open requests whose date is ahead, without those the driver accepted then refused; requests without a point come last.',
    access: 'profile',
    reads: {
      // The nearest open requests first, by geohash cells as the couriers' search: what the page
      // answers (and what its offset skips), plus one read per cell query that finds none.
      max: (settings, page = deepestPage(settings)) => page.offset + page.limit + OPEN_REQUEST_CELL_QUERIES,
      why: `the open requests nearest the driver first, read by geohash cell: the page (and the requests its offset skips) and at most ${OPEN_REQUEST_CELL_QUERIES} cell queries that find nothing.`,
    },
    roles: ['chauffeur'],
    userRateLimit: USER_LIMITS.search,
    query: OpenDemandesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of open requests', item: Demande },
    handle: ({ caller, query }) =>
      openDemandes(caller, pageRequest(query), query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined),
  })
  .json({
    method: 'get',
    path: '/api/chauffeurs/demandes/:id',
    tags,
    summary: 'One request, for its buyer or the driver who accepted it',
    access: 'profile',
    params: DemandeIdParams,
    errors: ['DEMANDE_NOT_FOUND'],
    success: { description: 'The request', data: Demande },
    handle: ({ caller, params }) => readDemande(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes/:id/accept',
    tags,
    summary: 'A driver accepts an open request; of several drivers at once, one wins',
    access: 'profile',
    roles: ['chauffeur'],
    params: DemandeIdParams,
    errors: ['DEMANDE_NOT_FOUND', 'DEMANDE_ALREADY_TAKEN', 'DEMANDE_REFUSED_BEFORE', 'INVALID_TRANSITION'],
    success: { description: 'The request, `acceptee` by the caller', data: Demande },
    handle: ({ caller, params }) => acceptDemande(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes/:id/refuse',
    tags,
    summary: 'The accepting driver gives the request up: open again, not offered to that driver again',
    access: 'profile',
    roles: ['chauffeur'],
    params: DemandeIdParams,
    errors: ['DEMANDE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The request, `en_attente` again', data: Demande },
    handle: ({ caller, params }) => releaseDemande(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes/:id/cancel',
    tags,
    summary: 'The buyer cancels its request, before or after a driver accepted it',
    access: 'profile',
    roles: ['acheteur'],
    params: DemandeIdParams,
    errors: ['DEMANDE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The cancelled request', data: Demande },
    handle: ({ caller, params }) => cancelDemande(caller, params.id),
  })
  .list({
    method: 'get',
    path: '/api/chauffeurs/admin/demandes',
    tags,
    summary: 'All driver requests, newest first, filtered by status, buyer or driver',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: AdminDemandesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests', item: Demande },
    handle: ({ query }) => adminDemandes(query, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/chauffeurs/admin/demandes/:id/reject',
    tags,
    summary: 'An admin rejects a request with its reason',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: DemandeIdParams,
    body: RejectDemandeRequest,
    errors: ['DEMANDE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The rejected request', data: Demande },
    handle: ({ params, body }) => rejectDemande(params.id, body.motif),
  });
