/**
 * npm run backfill:chat-files
 *
 * One-off: rewrites the file URL of chat messages posted before files were references, from their
 * stored path (domains/chat/backfill.ts). Safe to run again. Against the emulators when
 * FIRESTORE_EMULATOR_HOST is set; otherwise against the project of the application default
 * credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { backfillChatFileUrls } from '../domains/chat/backfill';

backfillChatFileUrls()
  .then(({ rooms, read, updated }) => console.log(`Chat rooms read: ${rooms}; messages with a file read: ${read}; URLs rewritten: ${updated}.`))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
