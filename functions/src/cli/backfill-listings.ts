/**
 * npm run backfill:listings
 *
 * One-off: gives listings written before sellers' access was tracked the fields searches filter on
 * (domains/catalog/backfill.ts), and puts open driver requests stored before drivers searched them
 * by geohash cell into that index (domains/commerce/chauffeurs/backfill.ts). Safe to run again.
 * Against the emulators when FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the
 * application default credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { backfillListingVisibility } from '../domains/catalog/backfill';
import { backfillOpenDemandes } from '../domains/commerce/chauffeurs/backfill';

async function main() {
  const { read, updated } = await backfillListingVisibility();
  console.log(`Listings read: ${read}; given their visibility fields: ${updated}.`);
  const demandes = await backfillOpenDemandes();
  console.log(`Open driver requests read: ${demandes.read}; placed in the drivers' search: ${demandes.placed}; without a point (not placed): ${demandes.withoutPoint}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
