/**
 * npm run backfill:listings
 *
 * One-off: gives listings written before sellers' access was tracked the fields searches filter on
 * (domains/catalog/backfill.ts). Safe to run again. Against the emulators when
 * FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the application default
 * credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { backfillListingVisibility } from '../domains/catalog/backfill';

backfillListingVisibility()
  .then(({ read, updated }) => console.log(`Listings read: ${read}; given their visibility fields: ${updated}.`))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
