import type { Timestamp } from 'firebase-admin/firestore';
import type { PubliciteStatus } from './state';

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
  remboursement: { montant: number; statut: 'a_rembourser' } | null;
  dateDebut: Timestamp | null;
  dateFin: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The listing flag a boost type turns on. */
export const FLAG_OF = { sponsorise: 'sponsorise', a_la_une: 'aLaUne' } as const;
