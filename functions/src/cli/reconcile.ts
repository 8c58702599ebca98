/**
 * npm run reconcile
 *
 * Checks the money invariant (domains/admin/reconciliation; docs/operations.md, "Reconciliation") over every
 * payment and wallet, with no grace (every payment is judged as it is now), and prints each break
 * with its documents, then a summary. Exits 1 when there are breaks. Reads only. Against the
 * emulators when FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the application
 * default credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 * `--grace <minutes>` leaves recently changed payments out, as the daily job does.
 */
import { runReconciliation } from '../domains/admin/reconciliation/service';

function graceOf(argv: string[]): number {
  const at = argv.indexOf('--grace');
  if (at < 0) return 0;
  const value = Number(argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error('--grace takes a number of minutes');
  return value;
}

async function main() {
  const report = await runReconciliation({ graceMinutes: graceOf(process.argv.slice(2)) });
  for (const found of report.breaks) {
    const about = found.paymentId ? `payment ${found.paymentId} (${found.statut})` : `wallet ${found.walletId}`;
    console.log(`BREAK ${found.kind}: ${about} ${JSON.stringify(found.amounts)}${found.refundReason ? ` refund: ${found.refundReason}` : ''}`);
    for (const path of found.documents) console.log(`  ${path}`);
  }
  const { breaks: _breaks, debts, ...summary } = report;
  console.log(JSON.stringify({ ...summary, breaks: report.breaks.length, debts: debts.length, debtTotal: debts.reduce((sum, debt) => sum + debt.debt, 0) }, null, 2));
  if (report.breaks.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
