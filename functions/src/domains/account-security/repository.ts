/** Firestore access of account security. Every read-modify-write is a transaction. */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import type { CodePurpose, OtpMessageRecord, ResetRecord } from './model';

const codes = (purpose: CodePurpose) => collection<ResetRecord>(purpose === 'phone' ? COLLECTIONS.phoneProofs : COLLECTIONS.passwordResets);
const messages = () => collection<OtpMessageRecord>(COLLECTIONS.otpMessages);

/**
 * Read-modify-write of a reset record. `decide` sees the current record (or undefined) and returns
 * the outcome and the fields to write; the outcome is returned once the write has committed, so a
 * refusal that must count (a wrong code) is recorded before the caller answers. It gets the
 * transaction, after its read, for the code's machine to move the status in it.
 */
export async function updateReset<T>(
  key: string,
  decide: (current: ResetRecord | undefined, tx: Transaction) => { outcome: T; write?: Partial<ResetRecord> },
  purpose: CodePurpose = 'reset',
): Promise<T> {
  const ref = codes(purpose).doc(key);
  return runTransaction(async (tx) => {
    const { outcome, write } = decide((await tx.get(ref)).data(), tx);
    if (write) tx.set(ref, write, { merge: true });
    return outcome;
  });
}

export async function recordOtpMessage(messageId: string, resetKey: string, uid: string, at: Date, purpose: CodePurpose = 'reset'): Promise<void> {
  const record: OtpMessageRecord = { resetKey, ...(purpose === 'reset' ? {} : { purpose }), uid, statuses: {}, createdAt: Timestamp.fromDate(at) };
  await messages().doc(messageId).set(record);
}

/**
 * Records a delivery status of a message (idempotent: a repeated status changes nothing). When
 * `fallback` decides so, it also replaces the account's code in the same transaction, once per
 * message, and says so to the caller, who then pushes the new code. `fallback` gets the
 * transaction, after its reads, for the code's machine.
 */
export async function applyMessageStatus(
  messageId: string,
  status: string,
  timestamp: string,
  fallback: (message: OtpMessageRecord, reset: ResetRecord | undefined, tx: Transaction) => Partial<ResetRecord> | undefined,
  at: Date,
): Promise<{ uid: string; purpose: CodePurpose } | undefined> {
  const messageRef = messages().doc(messageId);
  return runTransaction(async (tx) => {
    const message = (await tx.get(messageRef)).data();
    if (!message) return undefined; // not a message of ours
    const purpose = message.purpose ?? 'reset';
    const resetRef = codes(purpose).doc(message.resetKey);
    const reset = status === 'failed' && !message.fallbackAt ? (await tx.get(resetRef)).data() : undefined;
    const replacement = reset ? fallback(message, reset, tx) : undefined;
    if (message.statuses[status] === undefined) tx.update(messageRef, { [`statuses.${status}`]: timestamp });
    if (!replacement) return undefined;
    tx.update(messageRef, { fallbackAt: Timestamp.fromDate(at) });
    tx.set(resetRef, replacement, { merge: true });
    return { uid: message.uid, purpose };
  });
}
