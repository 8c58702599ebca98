/** Events the logistics domain emits (README: event catalogue). */
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
  /** The final status: `refuse`, `retour` or `annule` (README, "Deliveries": outcomes). */
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
    /** A tricycle driver accepted a buyer's contact (key: the contact id and its opening number). */
    'tricycle.contact_accepted': TricycleContactAccepted;
    /** A delivery reached `livre` (key: the delivery id): the courier's and the company's gains, the sellers' credit. */
    'delivery.delivered': DeliveryDelivered;
    /** A delivery ended `refuse`, `retour` or `annule` (key: the delivery id): its refund and gains by outcome. */
    'delivery.failed': DeliveryFailed;
    /** A delivery was created or changed status (key: `{deliveryId}_{to}`: the table enters each status at most once). */
    'delivery.status_changed': DeliveryStatusChanged;
  }
}
