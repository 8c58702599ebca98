/**
 * What a delivery is in Firestore (DOMAIN.md, Logistics). One delivery per order or purchase, its
 * id from its source (`order_{orderId}`, `achat_{achatId}`), so a redelivered `order.paid` creates
 * nothing twice. The courier's own lists (livreurs/) and the offer rounds (deliveries/) read these
 * fields; the status table is `deliveries/state.ts`.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import type { Point } from '../../../core/nearby';

export const DELIVERY_STATUSES = ['commande', 'assigne', 'en_cours', 'livre', 'refuse', 'retour', 'annule'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A courier is busy with these: its active deliveries, the ones its location updates track. */
export const ACTIVE_DELIVERY_STATUSES = ['assigne', 'en_cours'] as const satisfies readonly DeliveryStatus[];

export type DeliverySourceKind = 'order' | 'achat';

export const deliveryIdOf = (kind: DeliverySourceKind, sourceId: string): string => `${kind}_${sourceId}`;

export interface Pickup {
  vendeur: string;
  position: Point;
  adresse: string | null;
  /** When the seller's goods were handed to the courier (null until then). */
  collectedAt: Timestamp | null;
  /**
   * The seller's pickup code (6 digits), shown to that seller only: a courier confirms a pickup
   * only by entering it (DOMAIN.md, "Fair exchange": "never the courier alone"); the seller may
   * confirm itself instead. Absent on deliveries created before it (their sellers confirm).
   */
  code?: string;
  /** Wrong pickup codes the courier entered (DELIVERY_CODE_MAX_ATTEMPTS lock it). */
  codeAttempts?: number;
}

export interface DeliveryHistoryEntry {
  statut: DeliveryStatus;
  at: Timestamp;
  /** The uid that moved it, or `system` (a payment, a round, a delay). */
  by: string;
  reason: string | null;
}

/** `deliveries/{source}_{id}`. */
export interface DeliveryDocument {
  source: { kind: DeliverySourceKind; id: string };
  acheteur: string;
  vendeurs: string[];
  /** The buyer, the sellers and, once assigned, the courier: who may read the delivery and its tracking. */
  parties: string[];
  pickups: Pickup[];
  destination: { position: Point; adresse: string };
  instructions: string | null;
  /** Pickups in order then the destination, by haversine (km, two decimals). */
  distanceKm: number;
  /** What the buyer paid for the delivery (XOF), from the zone quote. */
  frais: number;
  /** The courier's and the company's shares of `frais` (XOF), fixed at creation from the delivery settings. */
  gainLivreur: number;
  gainSociete: number;
  statut: DeliveryStatus;
  livreur: string | null;
  /** The offer round under way (1 at creation), its radius and when it ends. */
  round: number;
  radiusKm: number;
  roundEndsAt: Timestamp | null;
  history: DeliveryHistoryEntry[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The payment that paid the order or purchase, and how much it took (XOF): what a failed delivery refunds from. */
  paymentId: string;
  montantPaye: number;
  /**
   * The buyer's handover code (6 digits), shown to the buyer only: the courier who types it in
   * closes the delivery at once (docs/guides/logistics.md, "Deliveries").
   */
  code: string;
  /** The first round of the current search (1 at creation; the round after the last at an admin's relaunch). */
  roundBase: number;
  /** Couriers who declined: not offered this delivery again. */
  declinedBy: string[];
  /**
   * The couriers the current round offered the delivery to (`deliveryOffers/{id}_{uid}`), written by
   * the round with its offers: every open offer of the delivery is one of these, so the transactions
   * that end offers (an accept, a cancel, the next round) read them by id instead of querying
   * (repository.ts, `openOffers`). Absent on a delivery whose last round ran before it was kept.
   */
  offeredTo?: string[];
  /** Every round of the search ended without a courier: stays `commande`, listed for admins (filter `sansLivreur`). */
  sansLivreur: boolean;
  /** The courier's proof of handover without the code (a stored photo path); closes the delivery at `autoCloseAt` unless the buyer confirms first. */
  preuve: { photo: string | null; at: Timestamp } | null;
  autoCloseAt: Timestamp | null;
  /** Wrong handover codes typed so far: past DELIVERY_CODE_MAX_ATTEMPTS code entry is locked (the buyer still confirms). */
  codeAttempts: number;
  /** The buyer's report that it did not receive the goods (`/dispute`): the auto-close is off, admins decide. */
  litige: { motif: string; at: Timestamp; by: string } | null;
  /** A dispute awaiting admins (cleared when the delivery ends): the admin list's `litige` filter. */
  enLitige: boolean;
}

/** `deliveryTracking/{deliveryId}`: one document its `parties`, the buyer and the courier, listen to (firestore.rules). */
export interface DeliveryTrackingDocument {
  deliveryId: string;
  livreur: string;
  parties: string[];
  position: Point | null;
  updatedAt: Timestamp;
}

export const OFFER_STATUSES = ['ouverte', 'acceptee', 'expiree', 'prise', 'declinee'] as const;
export type DeliveryOfferStatus = (typeof OFFER_STATUSES)[number];
/** The events of an offer's table (state.ts, `OFFER_TRANSITIONS`, says who asks each). */
export const OFFER_EVENTS = ['accept', 'take', 'decline', 'expire'] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];

/**
 * The destination's area as an offer shows it, and the decimals of a degree it keeps (0.01° is about
 * 1.1 km): core/nearby's, which driver requests show the same way.
 */
export { approximateArea as approximate, AREA_DECIMALS as OFFER_DESTINATION_DECIMALS } from '../../../core/nearby';

/**
 * `courierAccepts/{uid}`: the courier's last accept, written by each of its accepts. It is what its
 * accepts and its location writes read by id to see every accept of the courier (service.ts,
 * `acceptDelivery`; livreurs/presence.ts), instead of querying its deliveries in a transaction.
 */
export interface CourierAcceptDocument {
  deliveryId: string;
  at: Timestamp;
}

export const offerIdOf = (deliveryId: string, livreur: string): string => `${deliveryId}_${livreur}`;

/** `deliveryOffers/{deliveryId}_{livreurUid}`: the courier reads its own offers (firestore.rules). */
export interface DeliveryOfferDocument {
  deliveryId: string;
  livreur: string;
  round: number;
  /** From this courier's position to the first pickup when offered (km, two decimals): each courier its own. */
  distanceKm: number;
  /** The trip: first pickup through the others to the destination (the delivery's `distanceKm`), the same for every courier. */
  trajetKm: number;
  frais: number;
  gainLivreur: number;
  /**
   * What the courier needs to decide: the pickups (sellers' shops) and the destination's area only,
   * its point rounded to OFFER_DESTINATION_DECIMALS (about a kilometre) and no address: up to
   * DELIVERY_OFFERS_PER_ROUND couriers a round read offers, only the one who accepts sees the
   * buyer's exact point and address (on the delivery).
   */
  pickups: Array<{ position: Point; adresse: string | null }>;
  destination: { zone: Point };
  /** `declinee`: the courier said no; `prise`: another courier accepted first (state.ts, `OFFER_TRANSITIONS`). */
  statut: DeliveryOfferStatus;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  /** Its moves (machine.ts, `offerMachine`), the latest last; absent on offers made before the machine kept them. */
  history?: OfferHistoryEntry[];
  /** Its last move; absent until it moves out of `ouverte`. */
  updatedAt?: Timestamp;
}

/** An entry of an offer's history: the status, the event of the table that moved it (null when made), when. */
export interface OfferHistoryEntry {
  statut: DeliveryOfferStatus;
  event: OfferEvent | null;
  at: Timestamp;
}

/**
 * The fee of a delivery and its shares, computed by one function (zones/: `quoteDelivery`) for the
 * public quote and for the fee an order or a purchase charges.
 */
export interface DeliveryQuote {
  zoneId: string;
  distanceKm: number;
  frais: number;
  gainLivreur: number;
  gainSociete: number;
}

/**
 * What an order or a purchase that wants delivery hands to logistics, inside its paid event
 * (`order.paid`, `achat.paid`: field `livraison`, null without delivery): the delivery is made from
 * it alone, so logistics never reads commerce's documents.
 */
export interface DeliveryRequest {
  pickups: Array<{ vendeur: string; position: Point; adresse: string | null }>;
  destination: { position: Point; adresse: string };
  instructions: string | null;
  quote: DeliveryQuote;
}
