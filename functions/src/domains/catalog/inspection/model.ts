/** The stored shape of an inspection request (`verifications/{paymentId}`) and its public view. */
import type { Timestamp } from 'firebase-admin/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import type { z } from 'zod';
import { config } from '../../../core/config';
import { isoOrNull } from '../../../core/firestore';
import type { Verification } from './schemas';
import type { InspectionStatus } from './state';

/** The report attached to a request: its own copy of the PDF, private (`rapports/{requestId}/{upload id}.pdf`). */
export interface ReportDocument {
  path: string;
  size: number;
  contentType: 'application/pdf';
  /** The admin who attached it. */
  attachedBy: string;
  attachedAt: Timestamp;
  /** Set when a superAdmin deleted the file (`document.deleted`): its link answers VERIFICATION_REPORT_DELETED. */
  deletedAt: Timestamp | null;
}

export interface InspectionDocument {
  articleId: string;
  acheteur: string;
  vendeur: string;
  statut: InspectionStatus;
  paymentId: string;
  articleTitre?: string;
  rapport?: ReportDocument | null;
  /** Why an admin cancelled it. */
  motif?: string | null;
  /** The admin who moved it last (`en_cours`, `rapport_disponible`, `annule`). */
  admin?: string | null;
  startedAt?: Timestamp | null;
  reportedAt?: Timestamp | null;
  decidedAt?: Timestamp | null;
  /** Its status moves (machine.ts); absent on requests opened before histories existed. */
  history?: HistoryEntry<InspectionStatus>[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A new request's fields but its status ones, which its machine starts. */
export type NewInspection = Omit<InspectionDocument, 'statut' | 'history'>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of the buyer's time to decide on a report (VERIFICATION_DECISION_DAYS after it was available), or null before a report. */
export function decisionDeadline(request: Pick<InspectionDocument, 'reportedAt'>): Date | null {
  if (!request.reportedAt) return null;
  return new Date(request.reportedAt.toMillis() + config().VERIFICATION_DECISION_DAYS * DAY_MS);
}

export type InspectionView = z.input<typeof Verification>;

export function toInspection(id: string, request: InspectionDocument): InspectionView {
  const rapport = request.rapport;
  return {
    id,
    articleId: request.articleId,
    articleTitre: request.articleTitre ?? null,
    acheteur: request.acheteur,
    vendeur: request.vendeur,
    statut: request.statut,
    paymentId: request.paymentId,
    rapport: rapport ? { size: rapport.size, contentType: rapport.contentType, attachedAt: rapport.attachedAt.toDate().toISOString(), deleted: rapport.deletedAt !== null } : null,
    motif: request.motif ?? null,
    startedAt: isoOrNull(request.startedAt),
    reportedAt: isoOrNull(request.reportedAt),
    decisionDeadline: decisionDeadline(request)?.toISOString() ?? null,
    decidedAt: isoOrNull(request.decidedAt),
    createdAt: request.createdAt.toDate().toISOString(),
    updatedAt: request.updatedAt.toDate().toISOString(),
  };
}
