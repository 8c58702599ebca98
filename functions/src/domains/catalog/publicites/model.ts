import type { Timestamp } from 'firebase-admin/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import type { PubliciteStatus, RefundStatus } from './state';

export interface PubliciteDocument {
  articleId: string;
  vendeur: string;
  typePub: 'sponsorise' | 'a_la_une';
  duree: number;
  prixParJour: number;
  montant: number;
  statut: PubliciteStatus;
  motifRejet: string | null;
  paymentId: string | null;
  remboursement: { montant: number; statut: RefundStatus } | null;
  dateDebut: Timestamp | null;
  dateFin: Timestamp | null;
  /** Its status moves (machine.ts); absent on boosts created before histories existed. */
  history?: HistoryEntry<PubliciteStatus>[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The listing flag a boost type turns on. */
export const FLAG_OF = { sponsorise: 'sponsorise', a_la_une: 'aLaUne' } as const;
