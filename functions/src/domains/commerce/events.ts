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

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** An order of parts was paid and its units taken from stock (key: the order id). */
    'order.paid': OrderPaid;
  }
}
