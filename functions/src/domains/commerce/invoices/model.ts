/** The stored shape of an invoice (`invoices/{source}_{id}`), shared by the service and the PDF store. */
import type { Timestamp } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';

export interface Party {
  uid: string;
  nom: string;
  telephone: string | null;
}

export interface InvoiceDocument {
  numero: string;
  source: { kind: 'commande' | 'achat'; id: string };
  acheteur: Party;
  vendeurs: Party[];
  lignes: Array<{ designation: string; vendeur: string; quantite: number; prixUnitaire: number; montant: number }>;
  sousTotal: number;
  fraisLivraison: number;
  total: number;
  paymentId: string;
  /**
   * Whether a courier carries the goods (the order or purchase has a delivery for logistics): then
   * a seller's view leaves out the buyer's telephone. Absent on invoices issued before it was kept:
   * a delivery fee says a courier (views.ts).
   */
  coursier?: boolean;
  /** Everyone who may read it: the buyer and the sellers. */
  parties: string[];
  vendeurIds: string[];
  unreadBy: string[];
  issuedAt: Timestamp;
  /** Its PDF, stored privately once issued (pdf-store.ts) and entered in the register of stored documents. */
  pdf?: InvoicePdf;
}

export interface InvoicePdf {
  path: string;
  documentId: string;
  /** Set by `document.deleted`: a superAdmin deleted the file; the PDF is not made again. */
  deletedAt: Timestamp | null;
  deletedBy: string | null;
}

export const invoices = () => collection<InvoiceDocument>(COLLECTIONS.invoices);
