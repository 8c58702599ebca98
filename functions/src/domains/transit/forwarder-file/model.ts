/** A forwarder file (the forwarder's identity file an admin approves) as stored (`transitaireVerifications/{uid}`), shared by the service and the register's side of it. */
import type { Timestamp } from 'firebase-admin/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import type { z } from 'zod';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { ForwarderFileSubmit } from './schemas';
import type { FileStatus } from './state';

export type Dossier = z.output<typeof ForwarderFileSubmit>;
export type Status = FileStatus;
export type CardSide = 'cardFront' | 'cardBack';
export const CARD_SIDES: readonly CardSide[] = ['cardFront', 'cardBack'];

export interface ForwarderFileDocument {
  statut: Status;
  dossier: Dossier | null;
  rejectionMotif: string | null;
  submittedAt: Timestamp | null;
  decidedAt: Timestamp | null;
  decidedBy: string | null;
  /** Cards of this file a superAdmin deleted (`document.deleted`): their files are gone, the file says so. */
  deletedCards?: Partial<Record<CardSide, { deletedAt: Timestamp; deletedBy: string }>>;
  /** Its moves (machine.ts), the latest last; absent on files last moved before the machine kept them. */
  history?: Array<HistoryEntry<Status>>;
  /** Its last move; absent on files last moved before the machine wrote it. */
  updatedAt?: Timestamp;
}

export const files = () => collection<ForwarderFileDocument>(COLLECTIONS.transitaireVerifications);
