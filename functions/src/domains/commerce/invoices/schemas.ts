import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';

const Party = z.object({ uid: z.string(), nom: z.string(), telephone: z.string().nullable() });

export const Invoice = z
  .object({
    id: z.string(),
    numero: z.string().meta({ description: '`FAC-YYYYMMDD-NNNN`: the business day of the payment and its rank that day, without gap.' }),
    source: z.object({ kind: z.enum(['commande', 'achat']), id: z.string() }),
    acheteur: Party,
    vendeurs: z.array(Party),
    lignes: z.array(z.object({ designation: z.string(), vendeur: z.string(), quantite: z.number().int(), prixUnitaire: z.number().int(), montant: z.number().int() })),
    sousTotal: z.number().int(),
    fraisLivraison: z.number().int(),
    total: z.number().int(),
    paymentId: z.string(),
    issuedAt: z.string(),
    read: z.boolean().meta({ description: 'Whether the caller marked it read.' }),
    pdfDeleted: z.boolean().meta({ description: 'Whether a superAdmin deleted its stored PDF (admin documents): GET …/pdf then answers 410 DOCUMENT_DELETED.' }),
  })
  .meta({ id: 'Invoice', description: 'An invoice, with the parties, lines and totals as they were at payment.' });

export const InvoiceIdParams = z.strictObject({ id: documentId('INVOICE_NOT_FOUND') });
export const InvoiceListQuery = PaginationQuery.extend({
  side: z.enum(['acheteur', 'vendeur']).optional().meta({ description: 'Only the invoices where the caller is the buyer, or a seller.' }),
});
