/** A forwarder's verification file as stored (`transitaireVerifications/{uid}`), shared by the service and the register's side of it. */
import type { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { VerificationSubmit } from './schemas';
import type { FileStatus } from './state';

export type Dossier = z.output<typeof VerificationSubmit>;
export type Status = FileStatus;
export type CardSide = 'cardFront' | 'cardBack';
export const CARD_SIDES: readonly CardSide[] = ['cardFront', 'cardBack'];

export interface VerificationDocument {
  statut: Status;
  dossier: Dossier | null;
  rejectionMotif: string | null;
  submittedAt: Timestamp | null;
  decidedAt: Timestamp | null;
  decidedBy: string | null;
  /** Cards of this file a superAdmin deleted (`document.deleted`): their files are gone, the file says so. */
  deletedCards?: Partial<Record<CardSide, { deletedAt: Timestamp; deletedBy: string }>>;
}

export const files = () => collection<VerificationDocument>(COLLECTIONS.transitaireVerifications);
