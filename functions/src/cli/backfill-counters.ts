/**
 * npm run backfill:counters
 *
 * Sets the dashboard's gauges (users by role, listings, payments, missions, orders and deliveries
 * by status) to what the collections hold (domains/admin/stats/reconcile.ts). Run once after
 * deploying the counting, when traffic is low; safe to run again. Against the emulators when
 * FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the application default
 * credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { reconcileGauges } from '../domains/admin/stats/reconcile';

async function main() {
  const written = await reconcileGauges();
  console.log(JSON.stringify(written, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
