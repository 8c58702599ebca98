/** Events the commerce domain emits (docs/events.md, generated from these declarations). */
import type { DeliveryRequest } from '../logistics';
import type { DemandeEvent, DemandeStatus } from './chauffeurs/state';
import type { DisputeStatus } from './disputes/state';
import type { OrderStatus } from './orders/state';

/** A paid order was cancelled before it shipped: its units are back in stock, its money goes back. */
export interface OrderCancelled {
  orderId: string;
  acheteur: string;
  paymentId: string;
  /** Who cancelled: the buyer or an admin. */
  by: string;
  reason: string;
  /** When (ISO). */
  at: string;
}

export interface OrderStatusChanged {
  orderId: string;
  /** null when the order was placed. */
  from: OrderStatus | null;
  to: OrderStatus;
  /** When (ISO). */
  at: string;
  /**
   * Who moved it (`system`: the payment, logistics' word), and the order's parties: whom the move
   * tells (tells.ts). Absent on events emitted before the parties were told from this event.
   */
  by?: string;
  acheteur?: string;
  vendeurs?: string[];
}

/** A seller's lines of an order reached the buyer in person (DOMAIN.md, "Fair exchange"). */
export interface OrderHandedOver {
  orderId: string;
  vendeur: string;
  acheteur: string;
  /** Who proved it: the seller (with the buyer's code) or the buyer ("received"). */
  by: string;
  how: 'code' | 'buyer';
  /** When (ISO). */
  at: string;
}

/** A seller of an order was credited with its lines net of the fee at their handover (the ledger's fresh entry). */
export interface OrderSellerCredited {
  orderId: string;
  vendeur: string;
  paymentId: string;
  /** What the seller got (XOF). */
  net: number;
}

/** A driver request moved (a driver accepted or gave it up, its buyer cancelled it, an admin rejected it). */
export interface DemandeStatusChanged {
  demandeId: string;
  from: DemandeStatus | null;
  to: DemandeStatus;
  event: DemandeEvent;
  acheteur: string;
  /** The driver who had accepted it before this move, if any. */
  chauffeur: string | null;
  /** The request's version after the move (it counts the moves). */
  version: number;
  /** What the notices call it: its listing's title, or its trip. */
  sujet: string;
  /** Its day (YYYY-MM-DD, in BUSINESS_TIME_ZONE). */
  date: string;
  /** When the driver is wanted (ISO); absent on events emitted before the notices told the hour. */
  wantedAt?: string;
  /** An admin's reason for a rejection. */
  motif: string | null;
  /** When (ISO). */
  at: string;
}

export interface OrderPaid {
  orderId: string;
  acheteur: string;
  vendeurs: string[];
  paymentId: string;
  /** What the buyer paid (XOF). */
  total: number;
  /** When (ISO). */
  paidAt: string;
  /** The delivery to make (pickups per seller, destination, the quote paid), or null without delivery. */
  livraison: DeliveryRequest | null;
  /**
   * True: the sellers' prices were held in the transaction that paid the order. Absent on events
   * emitted before that transaction held them: their `commerce.order_seller_hold` run does.
   */
  held?: true;
}

/** A purchased vehicle was handed over to its buyer (DOMAIN.md, "Fair exchange"). */
export interface AchatHandedOver {
  achatId: string;
  articleId: string;
  acheteur: string;
  /** When (ISO). */
  at: string;
  /** The seller and the listing's title. Absent on events emitted before they were told from this event. */
  vendeur?: string;
  articleTitre?: string;
  /** Older events: the seller's net, told with them. Now `achat.seller_credited` says it, at the release. */
  net?: number;
  /** How: the seller's code entry, the buyer's "received", the delivery `livre`, the journey `transferer`, an admin. Absent on older events. */
  how?: 'code' | 'buyer' | 'courier' | 'transfer' | 'admin';
}

/** The seller of a purchase was credited with its price net of the fee, at the handover. */
export interface AchatSellerCredited {
  achatId: string;
  articleId: string;
  articleTitre: string;
  vendeur: string;
  paymentId: string;
  /** What the seller got (XOF). */
  net: number;
}

/** Why a purchase was cancelled: its buyer before paying, the buyer's refusal of the listing's verification report, its failed delivery, or an admin before the handover. */
export type AchatCancellation = 'buyer' | 'verification_refusee' | 'delivery_failed' | 'admin';

/** A purchase of a listing became `annulee` (its last status: once per purchase). */
export interface AchatCancelled {
  achatId: string;
  articleId: string;
  acheteur: string;
  reason: AchatCancellation;
  /** When (ISO). */
  at: string;
  /** The payment that paid it (null: unpaid). Absent on events emitted before it was told. */
  paymentId?: string | null;
  /** An admin's reason. */
  motif?: string;
}

export interface AchatPaid {
  achatId: string;
  acheteur: string;
  vendeur: string;
  paymentId: string;
  prix: number;
  /** When (ISO). */
  paidAt: string;
  /** The delivery to make (the seller's pickup, destination, the quote paid), or null without delivery. */
  livraison: DeliveryRequest | null;
  /**
   * What the parties are told: the listing, what the buyer paid (with the delivery fee, XOF) and
   * the seller's net when it is credited now (null: on delivery). Absent on events emitted before
   * the parties were told from this event.
   */
  articleId?: string;
  articleTitre?: string;
  montant?: number;
  net?: number | null;
}

/** A dispute was opened or moved (DOMAIN.md, "Disputes"). */
export interface DisputeStatusChanged {
  disputeId: string;
  /** null when it was opened. */
  from: DisputeStatus | null;
  to: DisputeStatus;
  /** When (ISO). */
  at: string;
  /** Who moved it: the buyer, an admin, `system`. */
  by: string;
  vente: { kind: 'commande' | 'achat'; id: string };
  acheteur: string;
  vendeurs: string[];
  livreur: string | null;
  /** The sale's delivery, when a courier carried it: paused while the dispute is open, closed by its decision. */
  livraisonId: string | null;
  /** With `rembourse`: what the buyer gets back (XOF). */
  montantRembourse: number | null;
}

/** An open dispute passed its decision deadline: escalated to `principal`. */
export interface DisputeEscalated {
  disputeId: string;
  acheteur: string;
  vendeurs: string[];
  /** The admin who took it, if any. */
  admin: string | null;
  /** When (ISO). */
  at: string;
}

/** A paid sale nobody handed over for HANDOVER_REMINDER_DAYS: its parties reminded, admins list it. */
export interface SaleHandoverStale {
  vente: { kind: 'commande' | 'achat'; id: string };
  acheteur: string;
  vendeurs: string[];
  /** When it was paid (ISO). */
  payeLe: string;
  /** When (ISO). */
  at: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * An order of parts was paid and its units taken from stock (key: the order id). Emitted by
     * `onOrderPaid`, in the transaction that marks the order `paid` and lowers `stock` by the units its
     * payment took.
     */
    'order.paid': OrderPaid;
    /**
     * A purchase of a listing was paid and the listing sold to it (key: the purchase id). Emitted by
     * `onAchatPaid`, in the transaction that sells the listing to the purchase.
     */
    'achat.paid': AchatPaid;
    /**
     * A purchased vehicle was handed over (key: the purchase id): its seller's held money is released,
     * its inspection report can no longer be refused. Emitted by the transaction that moves the
     * purchase `remise` (achats/handover.ts).
     */
    'achat.handed_over': AchatHandedOver;
    /**
     * The seller of a purchase was credited with its price net of the fee (key: the purchase id).
     * Emitted by the transaction that releases its held money, once.
     */
    'achat.seller_credited': AchatSellerCredited;
    /**
     * A purchase of a listing was cancelled (key: the purchase id): its transit journeys not handed
     * over yet are cancelled. Emitted by every transaction that cancels a purchase (the buyer's
     * cancellation, a refused inspection report, a failed delivery).
     */
    'achat.cancelled': AchatCancelled;
    /**
     * An order of parts was placed or changed status (key: `{orderId}_{to}_{at ms}`, core/fsm's
     * one policy). Emitted by every write of an order's `statut` (placed, paid or cancelled at payment,
     * the parties' and admins' moves, logistics' word), through `orders/machine.ts`.
     */
    'order.status_changed': OrderStatusChanged;
    /**
     * A paid order was cancelled before it shipped (key: the order id): its refund, which takes back the
     * sellers' credits. Emitted by the transaction that cancels it, which puts its units back in stock.
     */
    'order.cancelled': OrderCancelled;
    /**
     * A seller's lines of an order were handed over in person (key: `{orderId}_{seller}`): its held
     * money is released. Emitted by the transaction that records the handover (the seller's code entry,
     * the buyer's "received").
     */
    'order.handed_over': OrderHandedOver;
    /**
     * A seller of an order was credited with its lines, net of the fee (key: `{orderId}_{seller}`).
     * Emitted by the transaction that releases its held money at the handover (in person, or the
     * delivery `livre`), once: a release already in the ledger emits nothing.
     */
    'order.seller_credited': OrderSellerCredited;
    /**
     * A dispute was opened or moved (key: `{disputeId}_{to}_{at ms}`, core/fsm's one policy). Emitted
     * by every write of a dispute's `statut`, through `disputes/machine.ts`.
     */
    'dispute.status_changed': DisputeStatusChanged;
    /**
     * An open dispute passed DISPUTE_DECISION_DAYS without a decision (key: the dispute id): only
     * `principal` and `superAdmin` decide it now. Emitted by the hourly job that marks it, once.
     */
    'dispute.escalated': DisputeEscalated;
    /**
     * A paid sale nobody handed over for HANDOVER_REMINDER_DAYS (key: `{kind}_{saleId}`): its
     * parties are reminded, admins list it. Emitted by the daily job that marks it, once.
     */
    'sale.handover_stale': SaleHandoverStale;
    /**
     * A driver request moved (key: `{demandeId}_{to}_{at ms}`, core/fsm's one policy). Emitted by
     * every move of a request, through `chauffeurs/machine.ts`.
     */
    'demande.status_changed': DemandeStatusChanged;
  }
}
