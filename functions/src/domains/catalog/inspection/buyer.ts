/**
 * What the buyer (and the seller, and admins) do with a request: read it, get a short-lived link to
 * its report, and, the buyer alone, accept or refuse the report once. The decision is a transaction
 * on the request, so of two decisions at once exactly one wins (the other answers
 * INVALID_TRANSITION). Its effects on other domains follow `verification.status_changed`: transit
 * marks the buyer's journey approved; commerce cancels the buyer's purchase and marks its money for
 * refund, and the journey becomes `annule`. The verification fee is not given back on refusal: the
 * inspection was made.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { handoverRef } from './handover';
import { DAY_MS, decisionDeadline, toInspection, type InspectionDocument } from './model';
import { reportLink } from './report';
import { inspectionMachine } from './machine';
import { inspections } from './service';
import { config } from '../../../core/config';

/** The request for its buyer, its seller or an admin; anyone else is answered not found. */
async function readable(caller: ProfileCaller, id: string): Promise<InspectionDocument> {
  const request = (await inspections().doc(id).get()).data();
  if (!request || (request.acheteur !== caller.uid && request.vendeur !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('VERIFICATION_NOT_FOUND');
  return request;
}

export async function readInspection(caller: ProfileCaller, id: string) {
  return toInspection(id, await readable(caller, id));
}

export async function myInspections(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(inspections().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toInspection(doc.id, doc.data())), total);
}

export async function reportLinkOf(caller: ProfileCaller, id: string) {
  const { rapport } = await readable(caller, id);
  if (!rapport) throw new ApiError('VERIFICATION_REPORT_MISSING');
  if (rapport.deletedAt) throw new ApiError('VERIFICATION_REPORT_DELETED');
  return reportLink(rapport.path);
}

/**
 * Why the buyer may no longer refuse (docs/guides/catalog.md, "Verification of a listing": the decision's
 * deadline): the vehicle was handed over (delivered, or transferred to its forwarder: `handedOver`,
 * read by the caller in its transaction), or the days to decide are over. Accepting stays possible until the job closes the request as accepted.
 */
function refusalClosed(request: InspectionDocument, at: Date, handedOver = false): 'VERIFICATION_VEHICLE_HANDED_OVER' | 'VERIFICATION_DECISION_CLOSED' | undefined {
  if (handedOver) return 'VERIFICATION_VEHICLE_HANDED_OVER';
  const deadline = decisionDeadline(request);
  if (request.statut === 'rapport_disponible' && deadline && at.getTime() > deadline.getTime()) return 'VERIFICATION_DECISION_CLOSED';
  return undefined;
}

/** The buyer's decision on the report: `accept` or `refuse`, once; a refusal only in time and before the handover. */
export async function decide(caller: ProfileCaller, id: string, event: 'accept' | 'refuse') {
  const ref = inspections().doc(id);
  const at = now();
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || (current.acheteur !== caller.uid && current.vendeur !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('VERIFICATION_NOT_FOUND');
    // The seller and admins may read the request, but only its buyer decides.
    if (current.acheteur !== caller.uid) throw new ApiError('VERIFICATION_BUYER_ONLY');
    // A move the table refuses answers INVALID_TRANSITION first; then the refusal's own limits.
    inspectionMachine.decide(current.statut, event);
    // Read in the decision's transaction: a handover committed meanwhile is seen, or the decision retried.
    const handedOver = event === 'refuse' && (await tx.get(handoverRef(current.articleId, current.acheteur))).exists;
    const closed = event === 'refuse' ? refusalClosed(current, at, handedOver) : undefined;
    if (closed) throw new ApiError(closed);
    return toInspection(id, applyDecision(tx, id, current, event, at, caller.uid));
  });
}

/** A decision written in `tx`: the status and its event (which tells the seller, tells.ts). */
function applyDecision(tx: Transaction, id: string, current: InspectionDocument, event: 'accept' | 'refuse', at: Date, by?: string): InspectionDocument {
  const moved = inspectionMachine.move(tx, { id, from: current.statut, event, at, by, history: current.history ?? [], context: current });
  const updated: InspectionDocument = { ...current, ...moved, decidedAt: moved.updatedAt };
  tx.update(inspections().doc(id), { ...moved, decidedAt: updated.decidedAt });
  return updated;
}

/**
 * The hourly job: reports whose time to decide is over are accepted for their buyer (the journey
 * may then be transferred). A page of the oldest at a time (index: statut, reportedAt); each in
 * its own transaction, so a buyer's decision meanwhile wins.
 */
export async function closeLapsedDecisions(batchSize = 100): Promise<{ closed: number }> {
  const at = now();
  const before = Timestamp.fromMillis(at.getTime() - config().VERIFICATION_DECISION_DAYS * DAY_MS);
  const due = await inspections().where('statut', '==', 'rapport_disponible').where('reportedAt', '<', before).orderBy('reportedAt', 'asc').limit(batchSize).get();
  let closed = 0;
  for (const doc of due.docs) {
    await runTransaction(async (tx) => {
      const current = (await tx.get(doc.ref)).data();
      if (!current || current.statut !== 'rapport_disponible' || refusalClosed(current, at) !== 'VERIFICATION_DECISION_CLOSED') return;
      applyDecision(tx, doc.id, current, 'accept', at);
      closed += 1;
    });
  }
  return { closed };
}

/** `document.deleted` of a report: the request keeps a "deleted" mark, and its link answers VERIFICATION_REPORT_DELETED. */
export async function markReportDeleted(requestId: string, path: string, deletedAt: string): Promise<void> {
  const ref = inspections().doc(requestId);
  await runTransaction(async (tx) => {
    const request = (await tx.get(ref)).data();
    if (!request?.rapport || request.rapport.path !== path || request.rapport.deletedAt) return;
    tx.update(ref, { 'rapport.deletedAt': Timestamp.fromDate(new Date(deletedAt)), updatedAt: Timestamp.fromDate(now()) });
  });
}

/**
 * For transit's `transferer`, in its transaction (so a request paid or decided meanwhile is seen, or
 * the transfer retried): the status of the buyer's latest request of the listing, or undefined when
 * it asked for none (index: acheteur, articleId, createdAt desc).
 */
export async function latestVerificationStatus(tx: Transaction, articleId: string, buyer: string) {
  const snapshot = await tx.get(inspections().where('acheteur', '==', buyer).where('articleId', '==', articleId).orderBy('createdAt', 'desc').limit(1));
  return snapshot.empty ? undefined : snapshot.docs[0].data().statut;
}
