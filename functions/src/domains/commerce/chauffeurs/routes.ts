import { ApiRouter } from '../../../core/http';
import { fixedReads, pagedReads } from '../../../core/read-ceiling';
import { MAX_COVERING_CELLS } from '../../../core/nearby';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { OPEN_MAX_READS, openDemandes } from './open-requests';
import { AdminDemandesQuery, Demande, DemandeIdParams, DemandeListQuery, DemandeRequest, OPEN_RADIUS_KM, OpenDemande, OpenDemandesQuery, RejectDemandeRequest } from './schemas';
import { acceptDemande, adminDemandes, cancelDemande, myDemandes, openDemande, readDemande, rejectDemande, releaseDemande } from './service';
import { USER_LIMITS } from '../../../core/user-limits';

const tags = ['Driver requests'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes',
    operationId: 'requestDriver',
    tags,
    summary: 'Asks for a driver, for an online listing (`articleId`) or a trip (`trajet`), at a future date and a place on the map',
    access: 'profile',
    roles: ['acheteur'],
    userRateLimit: USER_LIMITS.driverRequest,
    body: DemandeRequest,
    errors: ['ARTICLE_NOT_ONLINE', 'DEMANDE_DATE_PAST', 'DEMANDE_DATE_TOO_FAR'],
    success: { status: 201, description: 'The request, open to drivers (`en_attente`)', data: Demande },
    handle: ({ caller, body }) => openDemande(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/chauffeurs/demandes/mine',
    operationId: 'listMyDriverRequests',
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
    operationId: 'listOpenDriverRequests',
    tags,
    summary: 'Open requests near the driver, nearest first, each shown by the area of its meeting place',
    description:
      `Requests \`en_attente\` whose date is ahead, within \`radiusKm\` of (\`lat\`, \`lng\`), without those the driver gave up. Each shows its meeting place's area (\`zone\`, its point rounded to about a kilometre), never its address, point or note: those reach the driver who accepts (\`POST /demandes/{id}/accept\`, \`GET /demandes/{id}\`). Found through the geohash cell index (core/nearby): at most ${OPEN_MAX_READS} documents read whatever the radius and page; when that leaves cells unread, the requests beyond the nearest unread cell are left out (the answer stays nearest first) and \`total\` counts those found.`,
    access: 'profile',
    reads: fixedReads(
      OPEN_MAX_READS + MAX_COVERING_CELLS,
      `the open requests of the geohash cells around the driver, nearest cell first: at most ${OPEN_MAX_READS} of them whatever the radius and page, and one read for each of at most ${MAX_COVERING_CELLS} cell queries that find none.`,
    ),
    roles: ['chauffeur'],
    userRateLimit: USER_LIMITS.search,
    query: OpenDemandesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of open requests, nearest first', item: OpenDemande },
    handle: ({ caller, query }) => openDemandes(caller, pageRequest(query), { latitude: query.lat, longitude: query.lng }, query.radiusKm ?? OPEN_RADIUS_KM.default),
  })
  .json({
    method: 'get',
    path: '/api/chauffeurs/demandes/:id',
    operationId: 'getDriverRequest',
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
    operationId: 'acceptDriverRequest',
    tags,
    summary: 'A driver accepts an open request; of several drivers at once, one wins',
    description:
      'Accepting shows the request’s exact place (address, point) and note, so only a driver whose telephone is proven accepts (DOMAIN.md, “Proven people”): ' +
      'another is answered PHONE_NOT_VERIFIED (403) before anything is read or written, the app’s cue to run the proof (`POST /api/auth/phone/request`, then `/verify`).',
    access: 'profile',
    roles: ['chauffeur'],
    userRateLimit: USER_LIMITS.driverAccept,
    params: DemandeIdParams,
    errors: ['PHONE_NOT_VERIFIED', 'DEMANDE_NOT_FOUND', 'DEMANDE_ALREADY_TAKEN', 'DEMANDE_REFUSED_BEFORE', 'DEMANDE_EXPIRED', 'INVALID_TRANSITION'],
    success: { description: 'The request, `acceptee` by the caller', data: Demande },
    handle: ({ caller, params }) => acceptDemande(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/chauffeurs/demandes/:id/refuse',
    operationId: 'giveUpDriverRequest',
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
    operationId: 'cancelDriverRequest',
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
    operationId: 'listDriverRequests',
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
    operationId: 'rejectDriverRequest',
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
