/**
 * The status table of a delivery, as data (core/fsm.ts; docs/guides/logistics.md, "Deliveries"). Which party may ask
 * for an event is the service's concern (service.ts, `ACTORS` below documents it); which move an
 * event makes from a status is this table's.
 *  - `commande` -> `assigne` (a courier accepts its offer) | `annule`
 *  - `assigne` -> `en_cours` (every pickup collected) | `annule`
 *  - `en_cours` -> `livre` | `refuse` (the buyer refuses the goods at the door) | `retour` (the courier
 *    brings the goods back to the sellers, e.g. the recipient is absent) | `annule`
 * `livre`, `refuse`, `retour` and `annule` are final.
 */
import type { TransitionTable } from '../../../core/fsm';
import { DELIVERY_STATUSES, type DeliveryOfferStatus, type DeliveryStatus, OFFER_EVENTS, OFFER_STATUSES, type OfferEvent } from './model';

export { DELIVERY_STATUSES, type DeliveryOfferStatus, type DeliveryStatus, OFFER_EVENTS, OFFER_STATUSES, type OfferEvent };

export const DELIVERY_EVENTS = ['accept', 'collect', 'deliver', 'refuse', 'return', 'cancel'] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

export const DELIVERY_TRANSITIONS: TransitionTable<DeliveryStatus, DeliveryEvent> = {
  commande: { accept: 'assigne', cancel: 'annule' },
  assigne: { collect: 'en_cours', cancel: 'annule' },
  en_cours: { deliver: 'livre', refuse: 'refuse', return: 'retour', cancel: 'annule' },
  livre: {},
  refuse: {},
  retour: {},
  annule: {},
};

/** The final statuses: the delivery's money is settled once on entering one (settlement.ts). */
export const FINAL_STATUSES = ['livre', 'refuse', 'retour', 'annule'] as const satisfies readonly DeliveryStatus[];
export type FinalStatus = (typeof FINAL_STATUSES)[number];
export const isFinal = (statut: DeliveryStatus): statut is FinalStatus => (FINAL_STATUSES as readonly string[]).includes(statut);

/** Who may ask for each event (the service checks it; admin levels may ask for any but `accept`). */
export const ACTORS: Record<DeliveryEvent, string> = {
  accept: 'a courier (`livreur`) holding an open, unexpired offer',
  collect: 'the assigned courier or the pickup’s seller, once per pickup; the last one moves the delivery',
  deliver: 'the assigned courier with the buyer’s code, the buyer confirming, the auto-close after a photo proof, or admin levels',
  refuse: 'the buyer (it refuses the goods at the door), or admin levels; never the courier alone, who would earn the fee for a trip never made',
  return: 'the assigned courier (recipient absent, goods brought back to the sellers), or admin levels',
  cancel: 'the buyer while `commande`; admin levels before a final status',
};

/** The event an admin's target status asks for. */
export const ADMIN_EVENT_TO: Record<Exclude<DeliveryStatus, 'commande' | 'assigne'>, DeliveryEvent> = {
  en_cours: 'collect',
  livre: 'deliver',
  refuse: 'refuse',
  retour: 'return',
  annule: 'cancel',
};

/**
 * The status table of an offer of a delivery to one courier (`deliveryOffers/{deliveryId}_{uid}`),
 * as data. A round makes it `ouverte` (rounds.ts, the system): an offer made again in a later round
 * is made anew, with that round's terms. Who asks each event:
 *  - `ouverte` --accept--> `acceptee`: the courier it was made to, winning the delivery (offers.ts)
 *  - `ouverte` --take--> `prise`: the system, for the other open offers when a courier accepted first
 *  - `ouverte` --decline--> `declinee`: the courier it was made to (it is not offered this delivery again)
 *  - `ouverte` --expire--> `expiree`: the system, when its round ends without an accept (the next
 *    round may offer it again) or the delivery is cancelled while offered (move.ts)
 * Every other status is final.
 */
export const OFFER_TRANSITIONS: TransitionTable<DeliveryOfferStatus, OfferEvent> = {
  ouverte: { accept: 'acceptee', take: 'prise', decline: 'declinee', expire: 'expiree' },
  acceptee: {},
  prise: {},
  declinee: {},
  expiree: {},
};
