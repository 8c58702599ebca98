/** Events the transit domain emits (README: event catalogue). */
export interface TransitaireVerificationChanged {
  uid: string;
  statut: 'none' | 'pending' | 'approved' | 'rejected';
  rejectionMotif: string | null;
  /** When it changed (ms): a copy never goes back to an older status. */
  at: number;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A forwarder's verification file was submitted or decided (key: uid and moment). */
    'transitaire.verification_changed': TransitaireVerificationChanged;
  }
}
