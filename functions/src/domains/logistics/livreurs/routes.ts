import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { GeoPoint } from '../../geo';
import { myDeliveries, myEarnings } from './day';
import { AdminLivreur, AdminLivreurDetail, AdminLivreursQuery, CourierDelivery, Earnings, LivreurIdParams, LocationAnswer, MyDeliveriesQuery, Presence, StatusRequest } from './schemas';
import { adminLivreur, changeStatus, listLivreurs, myPresence, reportLocation } from './service';
import { USER_LIMITS } from '../../../core/user-limits';

const tags = ['Couriers'];
const COURIER = ['livreur'] as const;

// `/me` routes come before `/:uid`, which would otherwise take `me` for an id.
export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/livreurs/me',
    operationId: 'getMyCourierPresence',
    tags,
    summary: 'The courier’s presence: online or not, last position',
    access: 'profile',
    roles: COURIER,
    success: { description: 'The presence (offline and nowhere before the first report)', data: Presence },
    handle: ({ caller }) => myPresence(caller),
  })
  .json({
    method: 'put',
    path: '/api/livreurs/me/status',
    operationId: 'setMyCourierStatus',
    tags,
    summary: 'Goes online (offers may come) or offline, optionally with the current position',
    description:
      'Going online needs a proven telephone (DOMAIN.md, “Proven people”: PHONE_NOT_VERIFIED otherwise, the app’s cue to run `POST /api/auth/phone/request`, then `/verify`; going offline does not) ' +
      'and a known position: the one given, or the last one written. A position given here is written at once (not throttled) and starts a new throttle window of the location stream.',
    access: 'profile',
    roles: COURIER,
    body: StatusRequest,
    errors: ['PHONE_NOT_VERIFIED', 'LIVREUR_POSITION_REQUIRED'],
    success: { description: 'The presence after the change', data: Presence },
    handle: ({ caller, body }) => changeStatus(caller, body.online, body.position),
  })
  .json({
    method: 'post',
    path: '/api/livreurs/me/location',
    operationId: 'reportMyCourierLocation',
    tags,
    summary: 'The courier’s position, from its GPS stream: written at most once per LIVREUR_LOCATION_INTERVAL_SECONDS',
    description:
      'Send positions as often as the app likes: one is written when the interval since the last write is over (`written: true`), the others are answered `written: false` with `nextAllowedAt`, never an error. Of two updates at once, one is written. A written position also moves the tracking position of the courier’s active deliveries that the buyer follows.',
    access: 'profile',
    roles: COURIER,
    body: GeoPoint,
    success: { description: 'What happened to this update', data: LocationAnswer },
    handle: ({ caller, body }) => reportLocation(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/livreurs/me/deliveries',
    operationId: 'listMyCourierDeliveries',
    tags,
    summary: 'The courier’s deliveries: offered to it, active, or past',
    access: 'profile',
    reads: pagedReads({ perItem: 1, why: 'one indexed query for the page (its offset skips at most PAGINATION_MAX_OFFSET, billed as read), one count for `total`, and for `offered` the delivery of each offer (one `getAll`).' }),
    roles: COURIER,
    query: MyDeliveriesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of deliveries', item: CourierDelivery },
    handle: ({ caller, query }) => myDeliveries(caller, query.scope, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/livreurs/me/earnings',
    operationId: 'getMyCourierEarnings',
    tags,
    summary: 'The courier’s wallet: balance, delivery gains by month, newest entries',
    access: 'profile',
    roles: COURIER,
    success: { description: 'The earnings', data: Earnings },
    handle: ({ caller }) => myEarnings(caller),
  })
  .list({
    method: 'get',
    path: '/api/livreurs',
    operationId: 'listCouriers',
    tags,
    summary: 'Couriers that reported their presence, filtered by online flag and by name prefix or telephone',
    description: 'By name with `q`, otherwise the most recently active first. A courier appears once it has gone online or sent a position.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    userRateLimit: USER_LIMITS.search,
    query: AdminLivreursQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of couriers', item: AdminLivreur },
    handle: ({ query }) => listLivreurs(query, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/livreurs/:uid',
    operationId: 'getCourier',
    tags,
    summary: 'One courier: presence, profile summary, active deliveries',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: LivreurIdParams,
    errors: ['LIVREUR_NOT_FOUND'],
    success: { description: 'The courier', data: AdminLivreurDetail },
    handle: ({ params }) => adminLivreur(params.uid),
  });
