/**
 * The clean-up of stored files (a schedule): a file that no listing shows, the register of stored
 * documents does not keep (identity cards, verification reports) and no profile shows, once its
 * grace period (UPLOAD_CLEANUP_GRACE_HOURS) is over, is deleted with its record. A referenced file
 * is looked at again UPLOAD_RECHECK_DAYS later, since its listing may drop it. Each run takes the
 * records due first, in a bounded batch; each reference check is one indexed read. A file that
 * another domain's record holds is marked on its record (`keptBy`) when it is attached, and kept
 * without asking that domain: a chat attachment when its message is posted, a forwarder's identity
 * card when its verification file is submitted (transit takes the mark off when a superAdmin
 * deletes the card), a courier's handover photo from its upload (logistics: evidence).
 */
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { fileStorage } from '../../../adapters/storage/storage';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { documentAtPath } from '../../../core/stored-documents';
import { isProfilePhoto } from '../../identity';
import { isListingMedia } from '../service';
import { uploads } from './ledger';

const BATCH = 200;
const DAY_MS = 86_400_000;

async function isReferenced(path: string): Promise<boolean> {
  // A card of the register stays until a superAdmin deletes it (admin documents), even once its
  // forwarder submitted other cards: the register keeps what was submitted. (A submitted file's
  // cards are marked kept on their records; this keeps those registered before the marks.)
  if (path.startsWith('kyc/')) return (await documentAtPath(path))?.deletedAt === null;
  // A verification report's copy is kept while the register holds it; an upload never attached, or a copy never registered, goes.
  if (path.startsWith('rapports/') || path.startsWith('rapports-recus/')) return (await documentAtPath(path))?.deletedAt === null;
  const answers = await Promise.all([isListingMedia(path), isProfilePhoto(path)]);
  return answers.some(Boolean);
}

export async function cleanUploads(batch = BATCH): Promise<{ looked: number; deleted: number; kept: number }> {
  const at = now();
  const due = await uploads().where('checkAfter', '<=', Timestamp.fromDate(at)).orderBy('checkAfter', 'asc').limit(batch).get();
  const storage = await fileStorage();
  let deleted = 0;
  for (const record of due.docs) {
    const { path, keptBy } = record.data();
    if (keptBy !== undefined || (await isReferenced(path))) {
      await record.ref.update({ checkAfter: Timestamp.fromMillis(at.getTime() + config().UPLOAD_RECHECK_DAYS * DAY_MS) });
      continue;
    }
    // The bytes first: a crash in between leaves a record, which the next run deletes again.
    await storage.delete(path);
    await record.ref.delete();
    deleted += 1;
  }
  if (deleted) logger.info('unreferenced uploads deleted', { deleted });
  return { looked: due.size, deleted, kept: due.size - deleted };
}
