import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';

const Party = z.object({ uid: z.string(), nom: z.string(), telephone: z.string().nullable() });
const Line = z.object({ designation: z.string(), vendeur: z.string(), quantite: z.number().int(), prixUnitaire: z.number().int(), montant: z.number().int() });

export const Invoice = z
  .object({
    id: z.string(),
    numero: z.string().meta({ description: '`FAC-YYYYMMDD-NNNN`: the business day of the payment and its rank that day, without gap.' }),
    source: z.object({ kind: z.enum(['commande', 'achat']), id: z.string() }),
    acheteur: Party,
    vendeurs: z.array(Party),
    lignes: z.array(Line),
    sousTotal: z.number().int(),
    fraisLivraison: z.number().int(),
    total: z.number().int(),
    paymentId: z.string(),
    issuedAt: z.string(),
    read: z.boolean().meta({ description: 'Whether the caller marked it read.' }),
    pdfDeleted: z.boolean().meta({ description: 'Whether a superAdmin deleted its stored PDF (admin documents): GET …/pdf then answers 410 DOCUMENT_DELETED.' }),
  })
  .meta({ id: 'Invoice', description: 'An invoice as its buyer and admins read it: every party, every line and the totals, as they were at payment.' });

/**
 * A seller's invoice (docs/guides/commerce.md, "What each party of an order sees"): its own lines and their sum,
 * itself as the only seller, and of the buyer its name, with the telephone only when the seller
 * hands the goods over itself. No delivery fee, no payment, nothing of the other sellers.
 */
export const SellerInvoice = Invoice.omit({ fraisLivraison: true, paymentId: true })
  .extend({
    acheteur: Party.extend({
      telephone: z
        .string()
        .nullable()
        .meta({ description: 'Only when the seller hands the goods over itself (the buyer collects them, or the seller delivers): null when a courier carries them.' }),
    }),
    vendeurs: z.array(Party).meta({ description: 'The caller only.' }),
    lignes: z.array(Line).meta({ description: 'The caller’s own lines only.' }),
    sousTotal: z.number().int().meta({ description: 'Sum of the caller’s lines.' }),
    total: z.number().int().meta({ description: 'What the buyer paid the caller: its lines (the delivery fee is the courier’s, not the seller’s).' }),
  })
  .meta({ id: 'SellerInvoice', description: 'A seller’s part of an invoice: its own lines and their sum, nothing of the other sellers, the buyer’s telephone only when the seller hands the goods over itself.' });

/** What `GET /api/invoices` and `GET /api/invoices/{id}` answer: the whole invoice to its buyer and admins, the seller's part to a seller. */
export const InvoiceView = z.union([Invoice, SellerInvoice]);

export const InvoiceIdParams = z.strictObject({ id: documentId('INVOICE_NOT_FOUND') });
export const InvoiceListQuery = PaginationQuery.extend({
  side: z.enum(['acheteur', 'vendeur']).optional().meta({ description: 'Only the invoices where the caller is the buyer, or a seller.' }),
});
