import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint } from '../../geo';
import { DELIVERY_STATUSES } from './model';

const Iso = z.string().meta({ description: 'ISO 8601.' });

export const Delivery = z
  .object({
    id: z.string().meta({ description: '`order_{orderId}` or `achat_{achatId}`.' }),
    source: z.object({ kind: z.enum(['order', 'achat']), id: z.string() }),
    acheteur: z.string(),
    vendeurs: z.array(z.string()),
    livreur: z.string().nullable().meta({ description: 'The courier who accepted it, from `assigne` on.' }),
    pickups: z.array(
      z.object({ vendeur: z.string(), position: GeoPoint, adresse: z.string().nullable(), collectedAt: Iso.nullable().meta({ description: 'When the pickup was confirmed.' }) }),
    ),
    destination: z.object({ position: GeoPoint, adresse: z.string() }),
    instructions: z.string().nullable(),
    distanceKm: z.number().meta({ description: 'The trip: haversine from the first pickup through the others to the destination (km, two decimals).' }),
    frais: z.number().meta({ description: 'What the buyer paid for the delivery (XOF).' }),
    gainLivreur: z.number().meta({ description: 'The courier’s share of the fee (XOF).' }),
    gainSociete: z.number().meta({ description: 'The company’s share of the fee (XOF).' }),
    statut: z.enum(DELIVERY_STATUSES),
    round: z.number().meta({ description: 'The round of offers under way (0 before the first).' }),
    radiusKm: z.number().meta({ description: 'The radius of that round (km).' }),
    roundEndsAt: Iso.nullable(),
    sansLivreur: z.boolean().meta({ description: 'Every round ended without a courier: admins relaunch it.' }),
    code: z.string().nullable().meta({ description: 'The handover code (6 digits): shown to the buyer and admins only, the buyer gives it to the courier at the door.' }),
    preuve: z
      .object({ photo: z.string().nullable(), at: Iso })
      .nullable()
      .meta({ description: 'The courier’s photo proof without the code; the delivery closes `livre` at `autoCloseAt` unless the buyer confirms or opens a dispute first.' }),
    autoCloseAt: Iso.nullable().meta({ description: 'After a photo proof: the end of the buyer’s dispute window (DELIVERY_DISPUTE_WINDOW_HOURS); its silence until then is the handover.' }),
    litige: z
      .object({ motif: z.string(), at: Iso, by: z.string() })
      .nullable()
      .meta({ description: 'The buyer’s report that it did not receive the goods (`/dispute`): no auto-close, admins decide.' }),
    enLitige: z.boolean().meta({ description: 'A dispute awaiting admins (false again once the delivery ends): the admin filter `litige`.' }),
    history: z.array(z.object({ statut: z.enum(DELIVERY_STATUSES), at: Iso, by: z.string(), reason: z.string().nullable() })),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .meta({ id: 'Delivery' });

export const DeliveryIdParams = z.strictObject({ id: documentId('DELIVERY_NOT_FOUND') });
export const PickupConfirm = z.strictObject({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional()
    .meta({ description: 'The courier only: the seller’s pickup code, which the seller gives with the goods. The seller confirms its own pickup without it.', example: '215907' }),
});
export const PickupParams = z.strictObject({ id: documentId('DELIVERY_NOT_FOUND'), vendeur: documentId('PICKUP_NOT_FOUND', 'The seller whose pickup it is.') });

export const DeliveryListQuery = PaginationQuery.extend({
  statut: z.enum(DELIVERY_STATUSES).optional(),
  acheteur: documentId('USER_NOT_FOUND', 'Admin levels only.').optional(),
  vendeur: documentId('USER_NOT_FOUND', 'Admin levels only.').optional(),
  livreur: documentId('USER_NOT_FOUND', 'Admin levels only.').optional(),
  sansLivreur: z.enum(['true', 'false']).optional().meta({ description: 'Admin levels only: deliveries whose every round ended without a courier.' }),
  litige: z.enum(['true', 'false']).optional().meta({ description: 'Admin levels only: deliveries the buyer disputed, awaiting admins (`enLitige`).' }),
});

export const DeliveryProofPhoto = z
  .object({
    path: z.string().meta({ description: 'Give it as `photo` to POST /api/deliveries/{id}/delivered.' }),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'DeliveryProofPhoto' });

export const DeliveredRequest = z
  .strictObject({
    code: z
      .string()
      .regex(/^\d{6}$/)
      .optional()
      .meta({ description: 'The buyer’s handover code: the delivery is `livre` at once.' }),
    photo: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .regex(/^(?!.*\.\.)[A-Za-z0-9/_.-]+$/)
      .optional()
      .meta({
        description:
          'The `path` POST /api/deliveries/{id}/proof answered the courier for this delivery (DELIVERY_PROOF_NOT_OWNED otherwise): without the code, the buyer is told the deadline and the delivery closes `livre` after DELIVERY_DISPUTE_WINDOW_HOURS unless the buyer confirms or opens a dispute first.',
      }),
  })
  .refine((value) => value.code !== undefined || value.photo !== undefined, { message: 'Give the buyer’s `code` or a `photo`.', path: ['code'] })
  .meta({ id: 'DeliveryProof' });

export const ReasonRequest = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export const AdminDeliveryStatus = z.strictObject({
  statut: z.enum(['en_cours', 'livre', 'refuse', 'retour', 'annule']).meta({ description: 'Where the delivery goes; the status table must allow it.' }),
  reason: z.string().trim().min(1).max(500),
});

export const DeliveryOfferAnswer = z.object({ deliveryId: z.string(), statut: z.enum(['declinee']) });

/**
 * A seller's part of a delivery (docs/guides/commerce.md, "What each party of an order sees"): its own pickup and
 * where the delivery stands. Not the destination, the instructions or the fee (the courier carries
 * the goods to the buyer), nor the other sellers of the order and their pickups.
 */
export const SellerDelivery = Delivery.pick({ id: true, source: true, acheteur: true, livreur: true, statut: true, round: true, roundEndsAt: true, sansLivreur: true, enLitige: true, createdAt: true, updatedAt: true })
  .extend({
    pickups: z
      .array(
        Delivery.shape.pickups.element.extend({
          code: z.string().nullable().meta({
            description: 'The caller’s pickup code: give it to the courier with the goods (the courier enters it), or confirm the pickup yourself. Null on deliveries created before pickup codes.',
            example: '215907',
          }),
        }),
      )
      .meta({ description: 'The caller’s own pickup only.' }),
    history: z.array(
      z.object({
        statut: z.enum(DELIVERY_STATUSES),
        at: Iso,
        by: z.string().meta({ description: 'The caller’s uid, the buyer’s, the courier’s, `system`, or `autre` (another seller, an admin).' }),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'SellerDelivery', description: 'A seller’s part of a delivery: its own pickup and the delivery’s progress; nothing of the destination, the fee or the other sellers.' });

/** What the delivery reads answer: the whole delivery to its buyer, its courier and admins, the seller's part to a seller. */
export const DeliveryView = z.union([Delivery, SellerDelivery]);
