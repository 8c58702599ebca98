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

const DeliveryAddress = z.object({ ville: z.string(), details: z.string().optional(), position: z.object({ latitude: z.number(), longitude: z.number() }) });

/** The whole order: what its buyer and admins read (a seller reads `SellerOrder`). */
export const Order = z
  .object({
    id: z.string(),
    acheteur: z.string(),
    lignes: z.array(OrderLine).meta({ description: 'Every line, of every seller.' }),
    sousTotal: z.number().int().meta({ description: 'Sum of the lines.' }),
    fraisLivraison: z.number().int().meta({ description: 'The delivery fee of the zone quote (`POST /api/delivery-zones/quote`), 0 without delivery.' }),
    total: z.number().int().meta({ description: 'What the buyer pays (all lines and the delivery fee): the amount of the `commande` payment.' }),
    livraison: z.boolean(),
    adresseLivraison: DeliveryAddress.nullable(),
    devisLivraison: z
      .object({ zoneId: z.string(), distanceKm: z.number() })
      .nullable()
      .meta({ description: 'With delivery: the zone of the address and the trip’s length (sellers’ locations in order, then the address) that priced `fraisLivraison`.' }),
    statut: z.enum(ORDER_STATUSES),
    paymentId: z.string().nullable(),
    codeRemise: z
      .string()
      .nullable()
      .meta({
        description:
          'In person (no courier), once paid: the buyer’s handover code. The buyer app shows it; the buyer gives it to each seller when it holds the parts, and the seller enters it (`POST /api/orders/{id}/handover`): that is the handover, which releases the seller’s held money. Null with a courier (the delivery has its own code) and before payment; sellers never see it.',
        example: '482913',
      }),
    remises: z.record(z.string(), z.string()).meta({ description: 'Each seller whose lines were handed over in person, and when (ISO).' }),
    litige: z.string().nullable().meta({ description: 'The open dispute of this order (`GET /api/litiges/{id}`), or null: while it is open, the sellers’ money stays held.' }),
    history: z.array(OrderHistoryEntry),
    createdAt: z.string(),
  })
  .meta({ id: 'Order', description: 'An order as its buyer and admins see it: every seller’s lines, the delivery fee, the total and the delivery address.' });

/**
 * A seller's part of an order (docs/guides/commerce.md, "What each party of an order sees"): its own lines and
 * their sum; no other seller's lines or amounts, no order total (the other sellers' amount would
 * be the difference), no delivery fee or quote (the buyer's trip), and the buyer's address only
 * when the seller carries the goods itself.
 */
export const SellerOrder = z
  .object({
    id: z.string(),
    acheteur: z.string().meta({ description: 'The buyer’s uid (its public profile: `GET /api/users/{id}`; the order’s chat room reaches it).' }),
    lignes: z.array(OrderLine).meta({ description: 'The caller’s own lines only.' }),
    sousTotal: z.number().int().meta({ description: 'Sum of the caller’s lines: its whole amount in the order.' }),
    livraison: z.boolean().meta({ description: 'Whether the buyer asked for delivery.' }),
    coursier: z.boolean().meta({ description: 'Whether a courier collects the parts at the seller’s and carries them (an order with delivery): then the buyer’s address stays with the courier.' }),
    adresseLivraison: DeliveryAddress.nullable().meta({
      description: 'The delivery address and its map point, only when the seller delivers itself (an order with delivery placed before courier deliveries); null otherwise.',
    }),
    statut: z.enum(ORDER_STATUSES),
    remiseA: z.string().nullable().meta({ description: 'When the caller’s lines were handed over in person (its code entry or the buyer’s “received”), or null.' }),
    litige: z.string().nullable().meta({ description: 'The open dispute of this order, or null: while it is open, the seller’s money stays held.' }),
    history: z.array(
      OrderHistoryEntry.extend({
        by: z.string().meta({ description: 'The caller’s uid, the buyer’s, `system` (a payment, a delivery), or `autre` (another seller of the order, an admin).' }),
      }),
    ),
    createdAt: z.string(),
  })
  .meta({ id: 'SellerOrder', description: 'A seller’s part of an order: its own lines and their sum, nothing of the other sellers, and the buyer’s address only when the seller delivers itself.' });

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
