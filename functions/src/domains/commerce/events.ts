/** Events the commerce domain emits (README: event catalogue). */

export interface OrderPaid {
  orderId: string;
  acheteur: string;
  vendeurs: string[];
  paymentId: string;
  /** What the buyer paid (XOF). */
  total: number;
  /** When (ISO). */
  paidAt: string;
}

export interface AchatPaid {
  achatId: string;
  acheteur: string;
  vendeur: string;
  paymentId: string;
  prix: number;
  /** When (ISO). */
  paidAt: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** An order of parts was paid and its units taken from stock (key: the order id). */
    'order.paid': OrderPaid;
    /** A purchase of a listing was paid and the listing sold to it (key: the purchase id). */
    'achat.paid': AchatPaid;
  }
}
