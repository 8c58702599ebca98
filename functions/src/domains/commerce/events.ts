/** Events the commerce domain emits (README: event catalogue). */
import type { DeliveryRequest } from '../logistics';

export interface OrderPaid {
  orderId: string;
  acheteur: string;
  vendeurs: string[];
  paymentId: string;
  /** What the buyer paid (XOF). */
  total: number;
  /** When (ISO). */
  paidAt: string;
  /** What logistics needs to deliver the order; null (or absent) without delivery. */
  livraison?: DeliveryRequest | null;
}

export interface AchatPaid {
  achatId: string;
  acheteur: string;
  vendeur: string;
  paymentId: string;
  prix: number;
  /** When (ISO). */
  paidAt: string;
  /** What logistics needs to deliver the purchase; null (or absent) without delivery. */
  livraison?: DeliveryRequest | null;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** An order of parts was paid and its units taken from stock (key: the order id). */
    'order.paid': OrderPaid;
    /** A purchase of a listing was paid and the listing sold to it (key: the purchase id). */
    'achat.paid': AchatPaid;
  }
}
