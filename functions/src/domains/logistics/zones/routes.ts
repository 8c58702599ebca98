import { z } from 'zod';
import { config } from '../../../core/config';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import type { RateLimitPolicy } from '../../../core/rate-limit';
import { ADMIN_ROLES, SENIOR_ADMIN_ROLES } from '../../../core/roles';
import { GeoPoint } from '../../geo';
import { quoteDelivery } from './quote';
import { DeliveryQuote, DeliveryQuoteRequest, DeliveryZone, DeliveryZoneIdParams, DeliveryZoneInput, DeliveryZoneListQuery, DeliveryZoneUpdate } from './schemas';
import { createZone, deleteZone, listZones, lookupZone, readZone, updateZone } from './service';

const tags = ['Delivery zones'];

/** The lookup and the quote answer anyone without a token and read every active zone: counted per client IP. */
const DELIVERY_QUOTE_RATE_LIMIT: RateLimitPolicy = {
  scope: 'delivery-quote',
  max: () => config().DELIVERY_QUOTE_RATE_LIMIT_MAX,
  enabled: () => config().AUTH_RATE_LIMIT_ENABLED,
};

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/delivery-zones',
    operationId: 'listDeliveryZones',
    tags,
    summary: 'The active delivery zones, by name',
    access: 'public',
    reads: pagedReads(),
    query: DeliveryZoneListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of zones', item: DeliveryZone },
    handle: ({ query }) => listZones(pageRequest(query), true),
  })
  .list({
    method: 'get',
    path: '/api/delivery-zones/admin',
    operationId: 'listAllDeliveryZones',
    tags,
    summary: 'Every delivery zone, active or not, by name',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: DeliveryZoneListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of zones', item: DeliveryZone },
    handle: ({ query }) => listZones(pageRequest(query), false),
  })
  .json({
    method: 'post',
    path: '/api/delivery-zones/lookup',
    operationId: 'findDeliveryZone',
    tags,
    summary: 'The active delivery zone holding a point',
    description: 'Where active zones overlap, the point belongs to the zone of smallest area (then of smallest id). A point on an edge is inside.',
    access: 'public',
    rateLimit: DELIVERY_QUOTE_RATE_LIMIT,
    body: GeoPoint,
    errors: ['DELIVERY_ZONE_NOT_FOUND', 'RATE_LIMITED'],
    success: { description: 'The zone', data: DeliveryZone },
    handle: ({ body }) => lookupZone(body),
  })
  .json({
    method: 'post',
    path: '/api/delivery-zones/quote',
    operationId: 'quoteDelivery',
    tags,
    summary: 'The fee of a delivery from pickups to a destination, and its shares',
    description:
      'The zone is the destination’s. Distance: haversine from the first pickup through the others, in order, to the destination. Fee: distance x the zone’s price per km, rounded up to the franc, bounded by the zone’s minimum and maximum. The same computation prices the delivery of an order or a purchase.',
    access: 'public',
    rateLimit: DELIVERY_QUOTE_RATE_LIMIT,
    body: DeliveryQuoteRequest,
    errors: ['DELIVERY_OUT_OF_ZONE', 'RATE_LIMITED'],
    success: { description: 'The quote', data: DeliveryQuote },
    handle: ({ body }) => quoteDelivery(body),
  })
  .json({
    method: 'get',
    path: '/api/delivery-zones/:id',
    operationId: 'getDeliveryZone',
    tags,
    summary: 'One delivery zone, active or not',
    access: 'public',
    params: DeliveryZoneIdParams,
    errors: ['DELIVERY_ZONE_NOT_FOUND'],
    success: { description: 'The zone', data: DeliveryZone },
    handle: ({ params }) => readZone(params.id),
  })
  .json({
    method: 'post',
    path: '/api/delivery-zones',
    operationId: 'createDeliveryZone',
    tags,
    summary: 'Creates a delivery zone (principal and superAdmin: a zone is a tariff)',
    description: 'At most DELIVERY_ZONES_MAX zones exist at once, active or not. A zone’s prices are a tariff: written by principal and superAdmin only, each write audited (`delivery_zone.*`).',
    access: 'profile',
    roles: SENIOR_ADMIN_ROLES,
    body: DeliveryZoneInput,
    errors: ['DELIVERY_ZONE_POLYGON_INVALID', 'DELIVERY_ZONES_LIMIT'],
    success: { status: 201, description: 'The zone', data: DeliveryZone },
    handle: ({ caller, body }) => createZone(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/delivery-zones/:id',
    operationId: 'updateDeliveryZone',
    tags,
    summary: 'Changes fields of a delivery zone (principal and superAdmin: a zone is a tariff)',
    description: 'Quotes made before keep their fee: orders and purchases store theirs.',
    access: 'profile',
    roles: SENIOR_ADMIN_ROLES,
    params: DeliveryZoneIdParams,
    body: DeliveryZoneUpdate,
    errors: ['DELIVERY_ZONE_NOT_FOUND', 'DELIVERY_ZONE_POLYGON_INVALID'],
    success: { description: 'The zone', data: DeliveryZone },
    handle: ({ caller, params, body }) => updateZone(caller, params.id, body),
  })
  .json({
    method: 'delete',
    path: '/api/delivery-zones/:id',
    operationId: 'deleteDeliveryZone',
    tags,
    summary: 'Deletes a delivery zone (principal and superAdmin: a zone is a tariff)',
    access: 'profile',
    roles: SENIOR_ADMIN_ROLES,
    params: DeliveryZoneIdParams,
    errors: ['DELIVERY_ZONE_NOT_FOUND'],
    success: { description: 'The zone is gone', data: z.object({ id: z.string(), deleted: z.literal(true) }) },
    handle: ({ caller, params }) => deleteZone(caller, params.id),
  });
