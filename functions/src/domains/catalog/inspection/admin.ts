/**
 * What admin levels do with verification requests: list them, and move every open request of a
 * listing together (the inspection is of the vehicle): `en_cours`, `rapport_disponible` with the
 * report uploaded first (report.ts), or `annule` with the fees marked for refund. Each move is one
 * transaction over the listing's open requests (at most VERIFICATION_MAX_OPEN_PER_ARTICLE), so two
 * admins at once move them once. A cancellation's fees go back through `verification.status_changed`
 * (catalog.verification_cancelled_refund), so a crash after the commit cannot lose them.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { addDays, startOfBusinessDay } from '../../../core/days';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { registerDocument } from '../../../core/stored-documents';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { ArticleDocument } from '../model';
import { planInspectionList } from './listing';
import { type ReportDocument, toInspection, type InspectionDocument } from './model';
import { copyReport, deleteStaged, readStaged, REPORT_TYPE } from './report';
import type { AdminRequestsQuery, StatusRequest } from './schemas';
import { countOpen, inspections } from './service';
import { inspectionMachine } from './machine';
import { ADMIN_MOVES, OPEN_STATUSES } from './state';

export async function adminRequests(filters: z.output<typeof AdminRequestsQuery>, page: PageRequest) {
  let query = inspections().orderBy('createdAt', 'desc');
  for (const [field, value] of planInspectionList(filters)) query = query.where(field, '==', value);
  if (filters.from) query = query.where('createdAt', '>=', Timestamp.fromDate(startOfBusinessDay(filters.from, config().BUSINESS_TIME_ZONE)));
  if (filters.to) query = query.where('createdAt', '<', Timestamp.fromDate(startOfBusinessDay(addDays(filters.to, 1), config().BUSINESS_TIME_ZONE)));
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toInspection(doc.id, doc.data())), total);
}

/** The listing's requests waiting for its inspection (bounded by the cap enforced when one is paid for). */
function openRequestsOf(tx: Transaction, articleId: string) {
  return tx.get(inspections().where('articleId', '==', articleId).where('statut', 'in', OPEN_STATUSES).limit(config().VERIFICATION_MAX_OPEN_PER_ARTICLE + 10));
}

type Move = z.output<typeof StatusRequest>;

/**
 * `PATCH /api/verification/admin/requests/{articleId}/statut`. With `rapport_disponible`, the
 * uploaded report is copied to each request's own file first (`rapports/{id}/{upload}.pdf`: a superAdmin
 * may delete one buyer's copy without the others'), then the transaction attaches and registers
 * the copies of the requests it moves.
 */
export async function moveRequests(caller: ProfileCaller, articleId: string, move: Move) {
  const event = ADMIN_MOVES[move.statut];
  let copies = new Map<string, { path: string; size: number }>();
  if (move.statut === 'rapport_disponible') {
    const staged = await readStaged(articleId, move.rapportId!);
    const open = await inspections().where('articleId', '==', articleId).where('statut', 'in', OPEN_STATUSES).limit(config().VERIFICATION_MAX_OPEN_PER_ARTICLE + 10).get();
    copies = new Map(await Promise.all(open.docs.map(async (doc) => [doc.id, await copyReport(doc.id, move.rapportId!, staged)] as const)));
  }
  const at = now();
  const stamp = Timestamp.fromDate(at);
  const articleRef = collection<ArticleDocument>(COLLECTIONS.articles).doc(articleId);
  const outcome = await runTransaction(async (tx) => {
    const [open, article] = await Promise.all([openRequestsOf(tx, articleId), tx.get(articleRef)]);
    if (open.empty) throw new ApiError('VERIFICATION_NONE_OPEN');
    // Requests already in the asked status stay; those paid after the report was copied wait for the next one.
    const movable = open.docs.filter((doc) => doc.data().statut !== move.statut && (move.statut !== 'rapport_disponible' || copies.has(doc.id)));
    if (movable.length === 0) throw new ApiError('INVALID_TRANSITION');
    const moved: Array<{ id: string; request: InspectionDocument }> = [];
    for (const doc of movable) {
      const current = doc.data();
      const statut = inspectionMachine.decide(current.statut, event);
      const changes: Partial<InspectionDocument> = { admin: caller.uid };
      if (statut === 'en_cours') changes.startedAt = stamp;
      if (statut === 'annule') changes.motif = move.motif ?? null;
      if (statut === 'rapport_disponible') {
        const copy = copies.get(doc.id)!;
        const rapport: ReportDocument = { path: copy.path, size: copy.size, contentType: REPORT_TYPE, attachedBy: caller.uid, attachedAt: stamp, deletedAt: null };
        changes.rapport = rapport;
        changes.reportedAt = stamp;
        registerDocument(tx, `rapport_verification_${doc.id}`, {
          kind: 'rapport_verification',
          owner: current.acheteur,
          readers: [current.vendeur],
          path: copy.path,
          contentType: REPORT_TYPE,
          size: copy.size,
          record: { collection: COLLECTIONS.verifications, id: doc.id },
          label: `Rapport de vérification : ${current.articleTitre ?? articleId}`,
        });
      }
      // The event's payload reads the request as the move leaves it (its `motif`).
      const moves = inspectionMachine.move(tx, { id: doc.id, from: current.statut, event, at, by: caller.uid, reason: move.motif ?? null, history: current.history ?? [], context: { ...current, ...changes } });
      const updated: InspectionDocument = { ...current, ...changes, ...moves };
      tx.update(doc.ref, { ...changes, ...moves });
      // A cancellation gives the fee back (marked for refund by a subscriber of the change): audited with it.
      if (statut === 'annule') {
        audit(tx, {
          actor: caller,
          action: 'verification.cancelled',
          target: { collection: COLLECTIONS.verifications, id: doc.id },
          before: { statut: current.statut },
          after: { statut },
          reason: move.motif ?? null,
          context: { articleId, paymentId: doc.id },
        });
      }
      moved.push({ id: doc.id, request: updated });
    }
    // `en_cours` keeps them open; a report or a cancellation closes them for the listing's cap.
    const closing = move.statut === 'en_cours' ? 0 : moved.length;
    // The listing's mark: its report exists; or, every waiting request cancelled, no inspection waits any more.
    const listing = article.data();
    const left = (listing?.verificationsOuvertes ?? 0) - closing;
    const mark = move.statut === 'rapport_disponible' ? { verificationStatut: 'rapport_disponible' } : move.statut === 'annule' && left <= 0 && listing?.verificationStatut === 'en_attente' ? { verificationStatut: 'none' } : {};
    if (listing) countOpen(tx, articleId, -closing, mark);
    return moved;
  });
  if (move.statut === 'rapport_disponible') await deleteStaged(articleId, move.rapportId!);
  return { articleId, statut: move.statut, moved: outcome.map(({ id, request }) => toInspection(id, request)) };
}

