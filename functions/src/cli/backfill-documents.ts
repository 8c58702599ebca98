/**
 * npm run backfill:documents
 *
 * One-off: enters in the register of stored documents the private files kept before it existed:
 * forwarders' identity cards of submitted files, invoices' PDFs (stored now). Safe to run again.
 * Against the emulators when FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the
 * application default credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { backfillInvoicePdfs } from '../domains/commerce/invoices/backfill';
import { backfillIdentityCards } from '../domains/transit/forwarder-file/backfill';

async function main() {
  const cards = await backfillIdentityCards();
  console.log(`Forwarder files read: ${cards.read}; cards registered for: ${cards.registered}.`);
  const pdfs = await backfillInvoicePdfs();
  console.log(`Invoices read: ${pdfs.read}; PDFs stored and registered: ${pdfs.stored}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
