/**
 * The profile's copy of the forwarder file's status (`transitaireVerification`): the transit domain
 * owns the file and its table; the profile shows its status to its owner (`GET /api/protected/me`).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { runTransaction } from '../../core/firebase';
import type { ForwarderFileCopy } from './model';
import { users } from './profiles';

/**
 * Reads the profile in the caller's transaction and answers it with the function that writes the
 * profile's copy of the forwarder file's status there. The transit domain decides on the file in
 * that same transaction, so `GET /api/protected/me` never shows a status the file no longer has
 * (docs/guides/transit.md).
 */
export async function forwarderFileStatusWriter(tx: Transaction, uid: string) {
  const ref = users().doc(uid);
  const user = (await tx.get(ref)).data();
  return {
    user,
    write(status: ForwarderFileCopy, at: number): void {
      if (!user) return;
      tx.update(ref, { transitaireVerification: status, transitaireVerificationAt: at, updatedAt: Timestamp.fromDate(now()) });
    },
  };
}

/**
 * The profile's copy from a `transitaire.verification_changed` event, for events emitted before
 * the deciding transaction wrote the profile itself. An event never replaces a status of its own
 * moment or newer: the transaction that emitted it wrote that one already.
 */
export async function copyForwarderFileStatus(uid: string, status: ForwarderFileCopy, at: number): Promise<void> {
  const ref = users().doc(uid);
  await runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data();
    if (!user || (user.transitaireVerificationAt ?? 0) >= at) return;
    tx.update(ref, { transitaireVerification: status, transitaireVerificationAt: at, updatedAt: Timestamp.fromDate(now()) });
  });
}

