import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { ORDER_STATUSES } from './state';

export const OrderLine = z.object({
  articleId: z.string(),
  vendeur: z.string(),
  titre: z.string(),
  prixUnitaire: z.number().int(),
  quantite: z.number().int(),
  montant: z.number().int(),
});

export const OrderHistoryEntry = z.object({
  statut: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: z.string().meta({ description: 'The uid that moved it, or `system` (a payment).' }),
  reason: z.string().nullable(),
});

export const Order = z
  .object({
    id: z.string(),
    acheteur: z.string(),
    lignes: z.array(OrderLine).meta({ description: 'For a seller: its own lines only.' }),
    sousTotal: z.number().int().meta({ description: 'Sum of the lines shown.' }),
    fraisLivraison: z.number().int().meta({ description: 'The delivery fee of the zone quote (`POST /api/delivery-zones/quote`), 0 without delivery.' }),
    total: z.number().int().meta({ description: 'What the buyer pays (all lines and the delivery fee): the amount of the `commande` payment.' }),
    livraison: z.boolean(),
    adresseLivraison: z.object({ ville: z.string(), details: z.string().optional(), position: z.object({ latitude: z.number(), longitude: z.number() }) }).nullable(),
    devisLivraison: z
      .object({ zoneId: z.string(), distanceKm: z.number() })
      .nullable()
      .meta({ description: 'With delivery: the zone of the address and the trip’s length (sellers’ locations in order, then the address) that priced `fraisLivraison`.' }),
    statut: z.enum(ORDER_STATUSES),
    paymentId: z.string().nullable(),
    history: z.array(OrderHistoryEntry),
    createdAt: z.string(),
  })
  .meta({ id: 'Order' });

export const OrderIdParams = z.strictObject({ id: documentId('ORDER_NOT_FOUND') });
export const OrderListQuery = PaginationQuery;
export const OrderAdminQuery = PaginationQuery.extend({
  statut: z.enum(ORDER_STATUSES).optional(),
  acheteur: z.string().min(1).max(128).optional(),
  vendeur: z.string().min(1).max(128).optional(),
});
export const SellerMove = z.strictObject({ statut: z.enum(['processing', 'shipped']) });
export const AdminMove = z.strictObject({
  statut: z.enum(['processing', 'shipped', 'delivered', 'cancelled']),
  reason: z.string().trim().min(3).max(500),
});
