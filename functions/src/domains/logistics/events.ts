/** Events the logistics domain emits (docs/events.md, generated from these declarations). */
import type { DeliverySourceKind, DeliveryStatus } from './deliveries/model';

export interface DeliveryStatusChanged {
  deliveryId: string;
  /** null when the delivery was created (`commande`). */
  from: DeliveryStatus | null;
  to: DeliveryStatus;
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
  }
}
