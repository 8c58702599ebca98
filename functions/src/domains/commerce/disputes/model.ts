/**
 * A dispute in Firestore: `litiges/{kind}_{saleId}` (DOMAIN.md, "Disputes": "once per sale"), its
 * id from the sale it is about, so a second opening finds the first. Its parties (the buyer, the
 * sellers, the courier) read it as their realtime document (firestore.rules: `parties`).
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import type { DisputeReason, DisputeStatus } from './state';

export type SaleKind = 'commande' | 'achat';

export interface DisputeDocument {
  vente: { kind: SaleKind; id: string };
  acheteur: string;
  vendeurs: string[];
  /** The courier who carried the goods, or null in person. */
  livreur: string | null;
  /** Everyone who reads it: the buyer, the sellers, the courier. */
  parties: string[];
  paymentId: string;
  /** The goods' price (XOF): the most a decision refunds (the trip's fee stays with the trip). */
  montantVente: number;
  motif: DisputeReason;
  texte: string;
  /** Evidence: the photos each side uploaded (private paths), the courier's photo, the delivery. */
  preuves: { acheteur: string[]; vendeur: string[] };
  livraisonId: string | null;
  photoLivreur: string | null;
  /**
   * The proof of handover the dispute follows (the dispute window counts from it): `en_personne` (a
   * seller's code, the buyer's "received", a transfer to the forwarder, an admin's word), `livreur`
   * (the delivery `livre`), `photo` (the courier's photo, the delivery in its window).
   */
  remise: { par: 'en_personne' | 'livreur' | 'photo'; at: Timestamp };
  /** Whether the sellers' money had been released before the dispute (an in-person code, a delivery code): a refund then takes it from their balance. */
  fondsLiberes: boolean;
  reponseVendeur: { texte: string; by: string; at: Timestamp } | null;
  statut: DisputeStatus;
  /** The admin who took it. */
  admin: string | null;
  /** Past DISPUTE_DECISION_DAYS without a decision: only `principal` and `superAdmin` decide it now. */
  escalade: boolean;
  echeanceReponse: Timestamp;
  echeanceDecision: Timestamp;
  decision: { montantRembourse: number; motif: string; by: string; at: Timestamp } | null;
  history: HistoryEntry<DisputeStatus>[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export const disputes = () => collection<DisputeDocument>(COLLECTIONS.litiges);
export const disputeIdOf = (kind: SaleKind, saleId: string) => `${kind}_${saleId}`;
