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
import { transition } from '../../../core/fsm';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { notifyIn } from '../../notifications';
import { toVerification, type VerificationDocument } from './model';
import { reportLink } from './report';
import { emitChange, verifications } from './service';
import { VERIFICATION_TRANSITIONS } from './state';

/** The request for its buyer, its seller or an admin; anyone else is answered not found. */
async function readable(caller: ProfileCaller, id: string): Promise<VerificationDocument> {
  const request = (await verifications().doc(id).get()).data();
  if (!request || (request.acheteur !== caller.uid && request.vendeur !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('VERIFICATION_NOT_FOUND');
  return request;
}

export async function readVerification(caller: ProfileCaller, id: string) {
  return toVerification(id, await readable(caller, id));
}

export async function myVerifications(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(verifications().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toVerification(doc.id, doc.data())), total);
}

export async function reportLinkOf(caller: ProfileCaller, id: string) {
  const { rapport } = await readable(caller, id);
  if (!rapport) throw new ApiError('VERIFICATION_REPORT_MISSING');
  if (rapport.deletedAt) throw new ApiError('VERIFICATION_REPORT_DELETED');
  return reportLink(rapport.path);
}

/** The buyer's decision on the report: `accept` or `refuse`, once. */
export async function decide(caller: ProfileCaller, id: string, event: 'accept' | 'refuse') {
  const ref = verifications().doc(id);
  const at = now();
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || (current.acheteur !== caller.uid && current.vendeur !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('VERIFICATION_NOT_FOUND');
    // The seller and admins may read the request, but only its buyer decides.
    if (current.acheteur !== caller.uid) throw new ApiError('VERIFICATION_BUYER_ONLY');
    const statut = transition(VERIFICATION_TRANSITIONS, current.statut, event);
    const updated: VerificationDocument = { ...current, statut, decidedAt: Timestamp.fromDate(at), updatedAt: Timestamp.fromDate(at) };
    tx.update(ref, { statut, decidedAt: updated.decidedAt, updatedAt: updated.updatedAt });
    emitChange(tx, id, updated, current.statut, at);
    notifyIn(tx, current.vendeur, {
      type: statut === 'accepte' ? 'verification_accepted' : 'verification_refused',
      key: `${id}_${statut}`,
      params: { articleTitre: current.articleTitre ?? '' },
      resource: { kind: 'article', id: current.articleId },
    });
    return toVerification(id, updated);
  });
}

/** `document.deleted` of a report: the request keeps a "deleted" mark, and its link answers VERIFICATION_REPORT_DELETED. */
export async function markReportDeleted(requestId: string, path: string, deletedAt: string): Promise<void> {
  const ref = verifications().doc(requestId);
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
  const snapshot = await tx.get(verifications().where('acheteur', '==', buyer).where('articleId', '==', articleId).orderBy('createdAt', 'desc').limit(1));
  return snapshot.empty ? undefined : snapshot.docs[0].data().statut;
}
