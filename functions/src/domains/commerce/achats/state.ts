/**
 * Life of a purchase (`statut`), DOMAIN.md's purchase as data (core/fsm.ts).
 *  - `en_attente_paiement` --pay--> `payee` (its payment succeeded and bought the listing)
 *  - `en_attente_paiement` --outbid--> `a_rembourser` (its payment succeeded, but the listing was
 *    sold to another buyer first, or left the catalog: the money is marked for refund)
 *  - `en_attente_paiement` --cancel--> `annulee` (the buyer cancels it before paying)
 *  - `payee` --delivery_failed--> `annulee` (its delivery ended `refuse`, `retour` or `annule`)
 *  - `en_attente_paiement`, `payee` --refuse_verification--> `annulee` (the buyer refused the
 *    listing's inspection report; a paid purchase with delivery is left to its delivery, the service's rule)
 *  - `payee` --hand_over--> `remise` (the vehicle reached the buyer, proved by both: the seller
 *    entered the buyer's handover code, the buyer said it received it, its delivery `livre`, its
 *    journey `transferer`, or an admin's word on a stale handover; DOMAIN.md, "Fair exchange")
 *  - `payee` --admin_cancel--> `annulee` (an admin, with a reason, before the handover: a full refund)
 * `annulee`, `a_rembourser` and `remise` are final (after the handover, a disagreement is a dispute).
 */
import type { TransitionTable } from '../../../core/fsm';

export const ACHAT_STATUSES = ['en_attente_paiement', 'payee', 'remise', 'annulee', 'a_rembourser'] as const;
export type AchatStatus = (typeof ACHAT_STATUSES)[number];

export const ACHAT_EVENTS = ['pay', 'outbid', 'cancel', 'delivery_failed', 'refuse_verification', 'hand_over', 'admin_cancel'] as const;
export type AchatEvent = (typeof ACHAT_EVENTS)[number];

export const ACHAT_TRANSITIONS: TransitionTable<AchatStatus, AchatEvent> = {
  en_attente_paiement: { pay: 'payee', outbid: 'a_rembourser', cancel: 'annulee', refuse_verification: 'annulee' },
  payee: { delivery_failed: 'annulee', refuse_verification: 'annulee', hand_over: 'remise', admin_cancel: 'annulee' },
  remise: {},
  annulee: {},
  a_rembourser: {},
};
