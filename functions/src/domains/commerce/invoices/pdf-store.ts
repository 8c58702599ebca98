/**
 * An invoice's PDF as a stored document: rendered once when the invoice is issued (or at its first
 * download, for invoices issued before), kept privately at `factures/{invoiceId}.pdf`, and entered
 * in the register of stored documents (`facture_{invoiceId}`: owner the buyer, no other reader: it
 * names every seller, and each seller downloads its own part, rendered then) in the transaction
 * that records it on the invoice. Imported lazily, with pdf-lib: the commerce
 * routes' cold start never loads it. A PDF a superAdmin deleted is not made again: its route
 * answers 410 DOCUMENT_DELETED (the deletion was deliberate; the invoice's data stays readable).
 */
import { fileStorage } from '../../../adapters/storage/storage';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { registerDocument, type StoredDocument, storedDocumentRef } from '../../../core/stored-documents';
import { renderInvoicePdf } from './pdf';
import { type InvoiceDocument, invoices } from './model';

const pathOf = (id: string) => `factures/${id}.pdf`;
const documentIdOf = (id: string) => `facture_${id}`;

/** Renders and stores the invoice's PDF unless it already is (or was deleted); answers the bytes it rendered. */
export async function storeInvoicePdf(id: string, known?: InvoiceDocument): Promise<Uint8Array | undefined> {
  const invoice = known ?? (await invoices().doc(id).get()).data();
  if (!invoice || invoice.pdf) return undefined;
  const bytes = await renderInvoicePdf(invoice);
  const path = pathOf(id);
  // The same path whoever stores it: two at once write the file twice, and one records it.
  await (await fileStorage()).savePrivate(path, Buffer.from(bytes), 'application/pdf');
  await runTransaction(async (tx) => {
    const current = (await tx.get(invoices().doc(id))).data();
    if (!current || current.pdf) return;
    tx.update(invoices().doc(id), { pdf: { path, documentId: documentIdOf(id), deletedAt: null, deletedBy: null } });
    registerDocument(tx, documentIdOf(id), {
      kind: 'facture',
      owner: current.acheteur.uid,
      readers: [],
      path,
      contentType: 'application/pdf',
      size: bytes.length,
      record: { collection: COLLECTIONS.invoices, id },
      label: `Facture ${current.numero}`,
    });
  });
  return bytes;
}

/** A seller's part of the invoice as a PDF, rendered now; refused like the stored file once a superAdmin deleted that. */
export async function sellerInvoicePdf(invoice: InvoiceDocument, part: InvoiceDocument): Promise<Uint8Array> {
  if (invoice.pdf?.deletedAt) throw new ApiError('DOCUMENT_DELETED');
  return renderInvoicePdf(part, { fraisLivraison: false });
}

/** The whole invoice's PDF, for its buyer and admins: the stored file, stored now if it was not yet. */
export async function storedInvoicePdf(id: string, invoice: InvoiceDocument): Promise<Uint8Array> {
  if (invoice.pdf?.deletedAt) throw new ApiError('DOCUMENT_DELETED');
  if (!invoice.pdf) {
    const rendered = await storeInvoicePdf(id, invoice);
    if (rendered) return rendered;
  }
  const path = invoice.pdf?.path ?? pathOf(id);
  const file = await (await fileStorage()).read(path);
  if (file) return file.data;
  // Gone from storage: deleted a moment ago (the register says so before the invoice does), or lost.
  const entry = (await storedDocumentRef(documentIdOf(id)).get()).data() as StoredDocument | undefined;
  if (entry?.deletedAt) throw new ApiError('DOCUMENT_DELETED');
  return renderInvoicePdf(invoice);
}
