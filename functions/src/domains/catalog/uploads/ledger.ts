/**
 * Every stored file is written down before its bytes are: who stored it, and when the clean-up
 * (cleanup.ts) first looks at it. The same transaction counts the user's files of the
 * business day against UPLOAD_DAILY_MAX_PER_USER, so a seller cannot fill the bucket. Public video
 * uploads have no user: the per-address rate limit of their route bounds them.
 */
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';

const HOUR_MS = 3_600_000;

/** `uploads/{sha256(path)}`: a stored file, its owner (null: a public video) and its next check. */
export interface UploadRecord {
  path: string;
  owner: string | null;
  size: number;
  createdAt: Timestamp;
  checkAfter: Timestamp;
  /**
   * Set by the domain whose record holds the file, in the transaction that attaches it: a chat
   * message (`chat`), a forwarder's verification file (`identityCard`, transit); or when it is
   * stored, for a file kept as evidence from the start (`deliveryProof`: a courier's photo of a
   * handover, logistics; `disputeEvidence`: a photo of a dispute's party, commerce). The clean-up
   * keeps a marked file without asking its holder.
   */
  keptBy?: UploadHolder;
}

/** Who holds a stored file that the clean-up must keep. */
export type UploadHolder = 'chat' | 'identityCard' | 'deliveryProof' | 'disputeEvidence';

/** `uploadQuotas/{uid}_{day}`: the files a user stored in a business day (TTL on `expireAt`). */
interface UploadQuota {
  owner: string;
  day: string;
  count: number;
  expireAt: Timestamp;
}

export const uploads = () => collection<UploadRecord>(COLLECTIONS.uploads);
const uploadRef = (path: string) => uploads().doc(createHash('sha256').update(path).digest('hex'));

/** Counts the file against its owner's day (429 UPLOAD_QUOTA_EXCEEDED past the quota) and records it (kept by `keptBy` from the start, if given). */
export async function recordUpload(owner: string | null, path: string, size: number, keptBy?: UploadHolder): Promise<void> {
  const at = now();
  const settings = config();
  const day = businessDay(at, settings.BUSINESS_TIME_ZONE);
  const quotaRef = owner ? collection<UploadQuota>(COLLECTIONS.uploadQuotas).doc(`${owner}_${day}`) : undefined;
  await runTransaction(async (tx) => {
    const stored = quotaRef ? ((await tx.get(quotaRef)).data()?.count ?? 0) : 0;
    if (quotaRef && stored >= settings.UPLOAD_DAILY_MAX_PER_USER) throw new ApiError('UPLOAD_QUOTA_EXCEEDED');
    if (owner && quotaRef) tx.set(quotaRef, { owner, day, count: stored + 1, expireAt: Timestamp.fromMillis(at.getTime() + 2 * 24 * HOUR_MS) });
    tx.create(uploadRef(path), {
      path,
      owner,
      size,
      createdAt: Timestamp.fromDate(at),
      checkAfter: Timestamp.fromMillis(at.getTime() + settings.UPLOAD_CLEANUP_GRACE_HOURS * HOUR_MS),
      ...(keptBy ? { keptBy } : {}),
    });
  });
}

/** Who stored the file at `path` (null: a public video), or undefined when nothing is stored there. */
export async function uploadOwner(path: string): Promise<string | null | undefined> {
  return (await uploadRef(path).get()).data()?.owner;
}

/** The size the ledger recorded for the file at `path`, or undefined when nothing is stored there. */
export async function uploadSize(path: string): Promise<number | undefined> {
  return (await uploadRef(path).get()).data()?.size;
}

/**
 * Marks a stored file as held by a chat message, in the message's transaction, so the clean-up
 * keeps it (a message is never searched for by path: no index over every room's messages).
 */
export function keepForChat(tx: Transaction, path: string): void {
  tx.update(uploadRef(path), { keptBy: 'chat' });
}

/**
 * For a record that attaches stored files in its transaction: reads their ledger records (reads
 * come first in a transaction) and answers the write that marks them kept by `holder`. A file with
 * no record (stored before the ledger) is left alone: the clean-up never looks at it.
 */
export async function uploadKeeper(tx: Transaction, paths: readonly string[]): Promise<(holder: UploadHolder) => void> {
  const refs = [...new Set(paths)].map(uploadRef);
  const records = refs.length > 0 ? await tx.getAll(...refs) : [];
  return (holder) => records.filter((record) => record.exists).forEach((record) => tx.update(record.ref, { keptBy: holder }));
}

/**
 * The holder let go of the file (a superAdmin deleted it, its bytes gone): the clean-up may drop its
 * record. Only `holder`'s own mark is taken off; safe to run again.
 */
export async function releaseUpload(path: string, holder: UploadHolder): Promise<void> {
  const ref = uploadRef(path);
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).data()?.keptBy === holder) tx.update(ref, { keptBy: FieldValue.delete() });
  });
}
