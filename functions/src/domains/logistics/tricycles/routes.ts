import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { MAX_COVERING_CELLS } from '../../../core/nearby';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { acceptContact, adminContacts, closeContact, declineContact, myContacts, openContact, readContact } from './contacts';
import { adminDrivers, myDriver, nearbyDrivers, publishStatus, updateLocation } from './drivers';
import {
  AdminContactsQuery,
  AdminDriversQuery,
  ContactIdParams,
  ContactListQuery,
  ContactRequest,
  LocationOutcome,
  LocationRequest,
  NearbyQuery,
  NearbyTricycle,
  StatusRequest,
  TricycleContact,
  TricycleDriver,
} from './schemas';
import { USER_LIMITS } from '../../../core/user-limits';

const tags = ['Tricycles'];

export const router = new ApiRouter()
  .json({
    method: 'put',
    path: '/api/tricycles/me/status',
    operationId: 'setMyTricycleStatus',
    tags,
    summary: 'A chauffeur publishes its tricycle status: online at a position, or offline',
    description:
      'The first publication makes the chauffeur a tricycle driver and needs `vehicule` and `plaque`; later ones keep what they leave out. Online, the driver is found by buyers nearby while its position is younger than TRICYCLE_POSITION_TTL_MINUTES.',
    access: 'profile',
    roles: ['chauffeur'],
    body: StatusRequest,
    errors: ['TRICYCLE_VEHICLE_REQUIRED'],
    success: { description: 'The driver’s card and presence', data: TricycleDriver },
    handle: ({ caller, body }) => publishStatus(caller, body),
  })
  .json({
    method: 'post',
    path: '/api/tricycles/me/location',
    operationId: 'reportMyTricycleLocation',
    tags,
    summary: 'One position of the driver’s GPS stream, stored at most once per TRICYCLE_LOCATION_INTERVAL_SECONDS',
    description: 'Never an error for a stream that comes too fast or while offline: `written` and `reason` say what happened. Of two positions at once within the interval, exactly one is stored.',
    access: 'profile',
    roles: ['chauffeur'],
    body: LocationRequest,
    success: { description: 'Whether the position was stored', data: LocationOutcome },
    handle: ({ caller, body }) => updateLocation(caller, body),
  })
  .json({
    method: 'get',
    path: '/api/tricycles/me',
    operationId: 'getMyTricycle',
    tags,
    summary: 'The caller’s tricycle card and presence',
    access: 'profile',
    roles: ['chauffeur'],
    errors: ['TRICYCLE_DRIVER_NOT_FOUND'],
    success: { description: 'The driver', data: TricycleDriver },
    handle: ({ caller }) => myDriver(caller),
  })
  .list({
    method: 'get',
    path: '/api/tricycles/nearby',
    operationId: 'listNearbyTricycles',
    tags,
    summary: 'Online tricycle drivers within `radiusKm` of a point, nearest first',
    description:
      'A search of the online drivers indexed by geohash cell (core/nearby, cells of about 39 x 19.5 km): only the cells that cover the circle are read (2 to 6 for 5 km, at most 64), nearest first, at most TRICYCLE_NEARBY_PER_CELL drivers a cell and TRICYCLE_NEARBY_MAX_READS (500) in all whatever the radius, never the whole collection; drivers whose position is older than TRICYCLE_POSITION_TTL_MINUTES are left out. When a cell holds more online drivers than that (a crowded area), the search is truncated: drivers inside the radius, nearer ones included, may be missing; when the budget leaves farther cells unread, the drivers beyond the nearest unread cell are left out (the answer stays nearest first). `total` and the pages count only the drivers found. Poles and the antimeridian are answered like any point; an empty `latitude` or `longitude` is a 400.',
    access: 'profile',
    reads: {
      // findNearby stops at the budget; a cell query that finds nobody is still billed one read.
      max: (settings) => settings.TRICYCLE_NEARBY_MAX_READS + MAX_COVERING_CELLS,
      why: `the drivers of the cells covering the circle, nearest cell first, until TRICYCLE_NEARBY_MAX_READS are read in all, and one read for each of at most ${MAX_COVERING_CELLS} cell queries that find nobody, whatever the radius and the page.`,
    },
    roles: ['acheteur'],
    userRateLimit: USER_LIMITS.search,
    query: NearbyQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of drivers, nearest first', item: NearbyTricycle },
    handle: ({ query }) => nearbyDrivers({ latitude: query.latitude, longitude: query.longitude }, query.radiusKm, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/tricycles/contacts',
    operationId: 'contactTricycleDriver',
    tags,
    summary: 'A buyer contacts an available driver (`initiated`); the driver is told',
    description:
      'One contact per buyer and driver (id `{buyerUid}_{driverUid}`): while it is `initiated` or `accepted` the same contact is answered unchanged, also to several requests at once; a `closed` one is opened again, though not within `TRICYCLE_CONTACT_REOPEN_SECONDS` of its close (429 `TRICYCLE_CONTACT_TOO_SOON`).',
    access: 'profile',
    roles: ['acheteur'],
    userRateLimit: USER_LIMITS.tricycleContact,
    body: ContactRequest,
    errors: ['TRICYCLE_DRIVER_NOT_FOUND', 'TRICYCLE_DRIVER_OFFLINE', 'TRICYCLE_CONTACT_TOO_SOON'],
    success: { description: 'The open contact', data: TricycleContact },
    handle: async ({ caller, body }) => (await openContact(caller, body)).contact,
  })
  .list({
    method: 'get',
    path: '/api/tricycles/contacts/mine',
    operationId: 'listMyTricycleContacts',
    tags,
    summary: 'The caller’s contacts (as buyer, or as driver), latest move first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['acheteur', 'chauffeur'],
    query: ContactListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of contacts', item: TricycleContact },
    handle: ({ caller, query }) => myContacts(caller, query.statut, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/tricycles/admin/drivers',
    operationId: 'listTricycleDrivers',
    tags,
    summary: 'All tricycle drivers, latest change first, online or offline',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: AdminDriversQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of drivers', item: TricycleDriver },
    handle: ({ query }) => adminDrivers(query.online, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/tricycles/admin/contacts',
    operationId: 'listTricycleContacts',
    tags,
    summary: 'All tricycle contacts, latest move first, filtered by one of status, buyer or driver',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: AdminContactsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of contacts', item: TricycleContact },
    handle: ({ query }) => adminContacts(query, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/tricycles/contacts/:id',
    operationId: 'getTricycleContact',
    tags,
    summary: 'One contact, for its buyer or its driver',
    access: 'profile',
    params: ContactIdParams,
    errors: ['TRICYCLE_CONTACT_NOT_FOUND'],
    success: { description: 'The contact', data: TricycleContact },
    handle: ({ caller, params }) => readContact(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/tricycles/contacts/:id/accept',
    operationId: 'acceptTricycleContact',
    tags,
    summary: 'The driver accepts the contact: a chat room opens between the two (chat context `tricycle`, id the contact’s)',
    access: 'profile',
    roles: ['chauffeur'],
    params: ContactIdParams,
    errors: ['TRICYCLE_CONTACT_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The contact, `accepted`', data: TricycleContact },
    handle: ({ caller, params }) => acceptContact(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/tricycles/contacts/:id/decline',
    operationId: 'declineTricycleContact',
    tags,
    summary: 'The driver declines an `initiated` contact (`closed`, `closedBy: declined`)',
    access: 'profile',
    roles: ['chauffeur'],
    params: ContactIdParams,
    errors: ['TRICYCLE_CONTACT_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The contact, `closed`', data: TricycleContact },
    handle: ({ caller, params }) => declineContact(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/tricycles/contacts/:id/close',
    operationId: 'closeTricycleContact',
    tags,
    summary: 'Either side closes the contact (`initiated` or `accepted` -> `closed`); the other is told',
    description: 'The chat room stays readable to the two; the buyer may open the contact again later.',
    access: 'profile',
    roles: ['acheteur', 'chauffeur'],
    params: ContactIdParams,
    errors: ['TRICYCLE_CONTACT_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The contact, `closed`', data: TricycleContact },
    handle: ({ caller, params }) => closeContact(caller, params.id),
  });
