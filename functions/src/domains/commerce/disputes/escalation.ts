/**
 * Deadlines of disputes (DOMAIN.md, "Disputes": "an admin decides within DISPUTE_DECISION_DAYS, or it
 * is escalated to `principal`"): the hourly job marks each open dispute past its decision deadline
 * `escalade` (then only `principal` and `superAdmin` decide it, decide.ts) and says so
 * (`dispute.escalated`: its parties and the admin who took it are told). Once per dispute: the
 * mark is written in the transaction that reads it. Bounded: a page per run, the oldest first.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { disputes } from './model';
import { OPEN_DISPUTE_STATUSES } from './state';

/** Disputes one run escalates at most; the next run takes the rest. */
const PER_RUN = 200;

export async function escalateLateDisputes(): Promise<{ escalated: number }> {
  const at = now();
  const late = await disputes()
    .where('statut', 'in', [...OPEN_DISPUTE_STATUSES])
    .where('escalade', '==', false)
    .where('echeanceDecision', '<=', Timestamp.fromDate(at))
    .orderBy('echeanceDecision', 'asc')
    .limit(PER_RUN)
    .get();
  let escalated = 0;
  for (const doc of late.docs) {
    const done = await runTransaction(async (tx) => {
      const dispute = (await tx.get(doc.ref)).data();
      if (!dispute || dispute.escalade || !OPEN_DISPUTE_STATUSES.includes(dispute.statut) || dispute.echeanceDecision.toMillis() > at.getTime()) return false;
      tx.update(doc.ref, { escalade: true, updatedAt: Timestamp.fromDate(at) });
      emit(tx, 'dispute.escalated', doc.id, { disputeId: doc.id, acheteur: dispute.acheteur, vendeurs: dispute.vendeurs, admin: dispute.admin, at: at.toISOString() });
      return true;
    });
    if (done) escalated += 1;
  }
  return { escalated };
}
