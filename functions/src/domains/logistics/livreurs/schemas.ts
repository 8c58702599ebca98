import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint } from '../../geo';
import { DELIVERY_STATUSES } from '../deliveries/model';

export const StatusRequest = z.strictObject({
  online: z.boolean().meta({ description: '`true` to receive delivery offers, `false` to stop.' }),
  position: GeoPoint.optional().meta({ description: 'Where the courier is now; needed to go online when none of its positions is known yet.' }),
});

export const Presence = z
  .object({
    uid: z.string(),
    online: z.boolean(),
    position: GeoPoint.nullable().meta({ description: 'The last position written (kept when offline).' }),
    locationAt: z.string().nullable().meta({ description: 'When `position` was written.' }),
    updatedAt: z.string().nullable().meta({ description: 'Last change of the presence; null when the courier never reported it.' }),
  })
  .meta({ id: 'LivreurPresence', description: 'A courier’s presence: offers go to online couriers near a pickup.' });

export const LocationAnswer = z
  .object({
    written: z.boolean().meta({ description: '`false`: the update came before `nextAllowedAt` and was not stored (not an error).' }),
    nextAllowedAt: z.string().meta({ description: 'From then on, the next update will be written (LIVREUR_LOCATION_INTERVAL_SECONDS after the last write).' }),
    tracked: z.number().int().meta({ description: 'Active deliveries whose tracking position this write moved.' }),
    presence: Presence,
  })
  .meta({ id: 'LivreurLocationAnswer' });

export const DELIVERY_SCOPES = ['offered', 'active', 'past'] as const;

export const MyDeliveriesQuery = PaginationQuery.extend({
  scope: z.enum(DELIVERY_SCOPES).default('active').meta({
    description: '`offered`: open offers not expired, soonest to expire first; `active`: assigned or on the way; `past`: delivered, refused, returned or cancelled. Newest first but offers.',
  }),
});

const Stop = z.object({ position: GeoPoint, adresse: z.string().nullable() });

export const CourierDelivery = z
  .object({
    id: z.string(),
    statut: z.enum(DELIVERY_STATUSES),
    frais: z.number().meta({ description: 'What the buyer paid for the delivery (XOF).' }),
    gainLivreur: z.number().meta({ description: 'The courier’s share (XOF), credited on `livre`.' }),
    distanceKm: z.number().meta({ description: 'The trip: haversine from the first pickup through the others to the destination (km, two decimals), the same for every courier.' }),
    pickups: z.array(Stop.extend({ vendeur: z.string().nullable().meta({ description: 'The seller; null on an offer.' }), collectedAt: z.string().nullable() })),
    destination: Stop.meta({ description: 'On an offer, only the area: the point rounded to about 1 km, no address (both shown once accepted).' }),
    instructions: z.string().nullable().meta({ description: 'Null on an offer.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    offer: z
      .object({ round: z.number().int(), distanceKm: z.number().meta({ description: 'From this courier’s position to the first pickup when offered (km, two decimals): each courier sees its own.' }), expiresAt: z.string() })
      .nullable()
      .meta({ description: 'With `scope=offered`: the offer; otherwise null.' }),
  })
  .meta({ id: 'LivreurDelivery' });

const Money = z.number().int();

export const Earnings = z
  .object({
    balance: Money.meta({ description: 'The wallet balance (XOF).' }),
    currency: z.literal('XOF'),
    currentMonth: z.object({ month: z.string().meta({ example: '2026-11' }), gains: Money }).meta({ description: 'Delivery gains (`gain_livraison`) of the current business month.' }),
    months: z.array(z.object({ month: z.string(), gains: Money })).meta({ description: 'Delivery gains by month, the last 12 months with any, newest first.' }),
    totalGains: Money.meta({ description: 'Sum of `months`.' }),
    recent: z
      .array(z.object({ id: z.string(), type: z.string(), montant: Money, balanceAfter: Money.nullable().meta({ description: 'The balance right after the entry; null on a credit that landed on a shard of the wallet (docs/guides/wallet.md, "Money").' }), reference: z.string(), description: z.string(), createdAt: z.string() }))
      .meta({ description: 'The newest wallet entries (every type); the whole ledger is `GET /api/wallet/me/transactions`.' }),
  })
  .meta({ id: 'LivreurEarnings' });

export const AdminLivreursQuery = PaginationQuery.extend({
  online: z.enum(['true', 'false']).optional().meta({ description: 'Only online (`true`) or offline (`false`) couriers.' }),
  q: z.string().trim().min(1).max(60).optional().meta({ description: 'Prefix of the name (`nom prenoms`, case and accents ignored); sorted by name.' }),
  telephone: z
    .string()
    .regex(/^\+\d{6,15}$/)
    .optional()
    .meta({ description: 'Exact telephone, E.164.', example: '+2290190000005' }),
}).refine((value) => !(value.q && value.telephone), { message: 'Give `q` or `telephone`, not both.', path: ['q'] });

export const AdminLivreur = Presence.extend({
  nom: z.string(),
  prenoms: z.string(),
  telephone: z.string().nullable(),
}).meta({ id: 'AdminLivreur' });

export const AdminLivreurDetail = AdminLivreur.extend({
  isBlocked: z.boolean(),
  activeDeliveries: z.array(z.string()).meta({ description: 'Ids of its assigned or on-the-way deliveries (at most 5).' }),
}).meta({ id: 'AdminLivreurDetail' });

export const LivreurIdParams = z.strictObject({ uid: documentId('LIVREUR_NOT_FOUND', 'The courier’s uid.') });
