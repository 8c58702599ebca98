/**
 * Who reads what of an invoice (docs/guides/commerce.md, "What each party of an order sees"): its buyer and admins
 * the whole of it; each seller its own part. The stored invoice keeps everything, as issued.
 */
import type { z } from 'zod';
import type { InvoiceDocument } from './model';
import type { Invoice, SellerInvoice } from './schemas';

/** Whether a courier carries the goods; invoices issued before this was kept say it by their delivery fee. */
export const carriedByCourier = (invoice: InvoiceDocument) => invoice.coursier ?? invoice.fraisLivraison > 0;

/** The whole invoice, for its buyer and admins. */
export function toInvoice(id: string, invoice: InvoiceDocument, viewer: string): z.input<typeof Invoice> {
  const { parties: _p, vendeurIds: _v, unreadBy, issuedAt, pdf, coursier: _c, ...rest } = invoice;
  return { id, ...rest, issuedAt: issuedAt.toDate().toISOString(), read: !unreadBy.includes(viewer), pdfDeleted: Boolean(pdf?.deletedAt) };
}

/**
 * The seller's part, as a document of the invoice's shape (its PDF is rendered from it): its lines
 * and their sum, itself as the only seller, no delivery fee. Of the buyer, the name (an invoice
 * names its customer) and the telephone only when the seller hands the goods over itself; with a
 * courier, the courier collects at the seller's and the order's chat room reaches the buyer.
 */
export function sellerPart(invoice: InvoiceDocument, seller: string): InvoiceDocument {
  const lignes = invoice.lignes.filter((line) => line.vendeur === seller);
  const sum = lignes.reduce((total, line) => total + line.montant, 0);
  return {
    ...invoice,
    acheteur: { ...invoice.acheteur, telephone: carriedByCourier(invoice) ? null : invoice.acheteur.telephone },
    vendeurs: invoice.vendeurs.filter((party) => party.uid === seller),
    lignes,
    sousTotal: sum,
    fraisLivraison: 0,
    total: sum,
  };
}

export function toSellerInvoice(id: string, invoice: InvoiceDocument, seller: string): z.input<typeof SellerInvoice> {
  const { fraisLivraison: _fee, paymentId: _payment, ...part } = toInvoice(id, sellerPart(invoice, seller), seller);
  return part;
}

/** The view `viewer` reads: whole for the buyer and admins, the seller's part for a seller. */
export function invoiceViewFor(id: string, invoice: InvoiceDocument, viewer: string, admin: boolean) {
  return admin || invoice.acheteur.uid === viewer ? toInvoice(id, invoice, viewer) : toSellerInvoice(id, invoice, viewer);
}
