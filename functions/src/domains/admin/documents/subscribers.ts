/** The admin documents' reaction to their own event: the deleted document's file leaves storage. */
import { subscriber } from '../../../core/events';
import { removeFile } from './service';

export const subscribers = [
  // Marked deleted in the register; the file goes now, retried by the outbox until storage answers.
  subscriber('admin.document_file', 'document.deleted', async ({ payload }) => {
    await removeFile(payload.path);
  }),
];
