/**
 * One-off migration for invoices issued before their PDFs were stored: each gets its PDF stored
 * and entered in the register of stored documents, as issuing does today (their first download
 * would do it too). Safe to run again: an invoice with its PDF recorded (even deleted) is left
 * alone. Run by an operator (`npm run backfill:documents`), page by page.
 */
import { FieldPath } from 'firebase-admin/firestore';
import { invoices } from './model';
import { storeInvoicePdf } from './pdf-store';

export async function backfillInvoicePdfs(page = 100): Promise<{ read: number; stored: number }> {
  let after: string | undefined;
  let read = 0;
  let stored = 0;
  for (;;) {
    const query = invoices().orderBy(FieldPath.documentId()).limit(page);
    const docs = (await (after ? query.startAfter(after) : query).get()).docs;
    read += docs.length;
    for (const doc of docs) if (await storeInvoicePdf(doc.id, doc.data())) stored += 1;
    if (docs.length < page) return { read, stored };
    after = docs[docs.length - 1].id;
  }
}
