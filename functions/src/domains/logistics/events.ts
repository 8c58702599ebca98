/** Events the logistics domain emits (docs/events.md, generated from these declarations). */
import type { DeliverySourceKind, DeliveryStatus } from './deliveries/model';
import type { DeliveryEvent } from './deliveries/state';
import type { ContactEvent, ContactStatus } from './tricycles/state';

export interface DeliveryStatusChanged {
  deliveryId: string;
  /** null when the delivery was created (`commande`). */
  from: DeliveryStatus | null;
  to: DeliveryStatus;
  /** When (ISO). */
  at: string;
  /**
   * The table's event (null: the creation), who moved it (`system`: the auto-close), the
   * delivery's parties before the move and its courier after it: whom the move tells (tells.ts).
   * Absent on events emitted before the parties were told from this event.
   */
  event?: DeliveryEvent | null;
  by?: string;
  parties?: string[];
  livreur?: string | null;
}

/** A round of the search for a courier began: offers to the couriers in reach, or none left (`sansLivreur`). */
export interface DeliveryRoundStarted {
  deliveryId: string;
  round: number;
  acheteur: string;
  /** The couriers offered the delivery this round, each with its distance to the first pickup (km); empty when the search ran out. */
  offers: Array<{ livreur: string; distanceKm: number }>;
  /** The trip's length (km) and the courier's gain (XOF), as each offer shows them. */
  trajetKm: number;
  gainLivreur: number;
  /** When the round's offers end (ISO). */
  expiresAt: string;
  /** No courier was left to ask: the delivery waits `sansLivreur` for an admin. */
  exhausted: boolean;
}

/** The courier proved a handover by photo: the delivery closes at `autoCloseAt` unless its buyer confirms or disputes first. */
export interface DeliveryProofGiven {
  deliveryId: string;
  acheteur: string;
  /** When the proof was given and when the delivery closes by itself (ISO). */
  at: string;
  autoCloseAt: string;
}

/** The buyer reported it did not receive the goods. */
export interface DeliveryDisputed {
  deliveryId: string;
  acheteur: string;
  livreur: string | null;
  motif: string;
  /** When (ISO). */
  at: string;
  /** The order or purchase it carries, and whether the courier had given its photo proof (then it is a dispute of the sale). Absent on older events. */
  source?: { kind: 'order' | 'achat'; id: string };
  apresPreuve?: boolean;
}

/** A buyer's contact with a tricycle driver was opened or moved. */
export interface TricycleContactStatusChanged {
  contactId: string;
  from: ContactStatus | null;
  to: ContactStatus;
  event: ContactEvent;
  /** Who moved it: its buyer, its driver, or `system` (the driver taken out). */
  by: string;
  acheteur: string;
  chauffeur: string;
  /** The names each side is shown to the other. */
  acheteurNom: string;
  chauffeurNom: string;
  /** The contact's version after the move (it counts the moves). */
  version: number;
  /** When (ISO). */
  at: string;
}

export interface TricycleContactAccepted {
  /** `{buyerUid}_{driverUid}`: also the chat context id (`tricycle`). */
  contactId: string;
  acheteur: string;
  chauffeur: string;
  /** When (ISO). */
  acceptedAt: string;
}

export interface DeliveryDelivered {
  deliveryId: string;
  source: { kind: DeliverySourceKind; id: string };
  acheteur: string;
  vendeurs: string[];
  livreur: string;
  /** The payment that paid the goods and the fee (absent on events emitted before it was carried). */
  paymentId?: string;
  frais: number;
  gainLivreur: number;
  gainSociete: number;
  /** When (ISO). */
  deliveredAt: string;
}

export interface DeliveryFailed {
  deliveryId: string;
  source: { kind: DeliverySourceKind; id: string };
  acheteur: string;
  vendeurs: string[];
  /** The final status: `refuse`, `retour` or `annule` (docs/guides/logistics.md, "Deliveries": outcomes). */
  statut: 'refuse' | 'retour' | 'annule';
  livreur: string | null;
  paymentId: string;
  montantPaye: number;
  frais: number;
  gainLivreur: number;
  gainSociete: number;
  reason: string | null;
  /** When (ISO). */
  at: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A tricycle driver accepted a buyer's contact (key: the contact id and its opening number), in the transaction that accepts it. */
    'tricycle.contact_accepted': TricycleContactAccepted;
    /**
     * A delivery reached `livre` (key: the delivery id): the courier's and the company's gains, the
     * sellers' credit. Emitted by the one transaction that moves it there (the courier's code, the buyer's
     * confirmation, the auto-close or an admin: one of them only).
     */
    'delivery.delivered': DeliveryDelivered;
    /**
     * A delivery ended `refuse`, `retour` or `annule` (key: the delivery id): its refund and gains by
     * outcome. Emitted by the transaction that moves it there.
     */
    'delivery.failed': DeliveryFailed;
    /**
     * A delivery was created or changed status (key: `{deliveryId}_{to}_{at ms}`, core/fsm's one
     * policy). Emitted by every write of a delivery's `statut` (creation, accept, last pickup, every
     * move of the table), through `deliveries/machine.ts`.
     */
    'delivery.status_changed': DeliveryStatusChanged;
    /**
     * A round of the search for a courier began (key: `{deliveryId}_{round}`): its offers, or the
     * search ran out. Emitted by the round's transaction, which writes the offers.
     */
    'delivery.round_started': DeliveryRoundStarted;
    /** The courier gave a photo as proof of the handover (key: `{deliveryId}_{at ms}`), in the transaction that records it. */
    'delivery.proof_given': DeliveryProofGiven;
    /** The buyer disputed a delivery (key: `{deliveryId}_{at ms}`), in the transaction that flags it for admins. */
    'delivery.disputed': DeliveryDisputed;
    /**
     * A tricycle contact was opened or moved (key: `{contactId}_{to}_{at ms}`, core/fsm's one
     * policy). Emitted by every write of a contact's `statut`, through `tricycles/machine.ts`.
     */
    'tricycle.contact_status_changed': TricycleContactStatusChanged;
  }
}
