import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { CountryCode, GeoPoint } from '../../geo';
import { DeliveryInput } from '../../logistics';

import { ACHAT_STATUSES } from './state';

export { ACHAT_STATUSES };

export const AchatRequest = z
  .strictObject({
    articleId: documentId('ARTICLE_NOT_FOUND'),
    modeLivraison: z.enum(['consommation', 'transit']),
    paysDestination: CountryCode.optional().meta({ description: 'Required for `transit`: the country the vehicle is shipped to.' }),
    livraison: DeliveryInput.optional().meta({
      description:
        'Only with `consommation`: delivery by a courier from the listing’s location. Its fee (zone quote) is added to the amount to pay; the listing must have a location.',
    }),
  })
  .refine((value) => value.modeLivraison !== 'transit' || value.paysDestination !== undefined, {
    message: 'A transit purchase needs its destination country.',
    path: ['paysDestination'],
  })
  .refine((value) => value.modeLivraison === 'consommation' || value.livraison === undefined, {
    message: 'Courier delivery is for `consommation` purchases only.',
    path: ['livraison'],
  });

export const Achat = z.object({
  id: z.string(),
  acheteur: z.string(),
  vendeur: z.string(),
  articleId: z.string(),
  articleTitre: z.string(),
  prix: z.number().int(),
  modeLivraison: z.enum(['consommation', 'transit']),
  paysDestination: z.string().nullable(),
  fraisLivraison: z.number().int().meta({ description: 'The delivery fee of the zone quote, 0 without delivery.' }),
  total: z.number().int().meta({ description: '`prix` + `fraisLivraison`: the amount of the `achat` payment. The seller’s sale is on `prix`.' }),
  livraison: z
    .object({ destination: GeoPoint, adresse: z.string(), instructions: z.string().nullable(), zoneId: z.string(), distanceKm: z.number() })
    .nullable()
    .meta({ description: 'The delivery asked for, with the zone and trip length that priced it; null without delivery.' }),
  statut: z.enum(ACHAT_STATUSES).meta({
    description: '`payee`: paid, its price held for the seller until the handover; `remise`: handed over (the seller credited); `a_rembourser`: paid, but another buyer paid for the listing first.',
  }),
  paymentId: z.string().nullable(),
  codeRemise: z
    .string()
    .nullable()
    .meta({
      description:
        'Paid, without a courier: the buyer’s handover code. The buyer app shows it; the buyer gives it to the seller when it takes the vehicle, and the seller enters it (`POST /api/achat/{id}/handover`): that is the handover. Null with a courier, before payment, and in the seller’s view.',
      example: '482913',
    }),
  remiseA: z.string().nullable().meta({ description: 'When the vehicle was handed over (ISO), or null.' }),
  litige: z.string().nullable().meta({ description: 'The open dispute of this purchase (`GET /api/litiges/{id}`), or null: while it is open, the seller’s money stays held.' }),
  createdAt: z.string(),
});


export const AchatAdminMove = z.strictObject({
  statut: z.enum(['annulee', 'remise']).meta({ description: '`annulee`: a full refund, the listing online again; `remise`: a handover nobody confirmed, the seller’s held price released.' }),
  reason: z.string().trim().min(3).max(500),
});

export const AchatIdParams = z.strictObject({ id: documentId('ACHAT_NOT_FOUND') });
export const AchatListQuery = PaginationQuery;
