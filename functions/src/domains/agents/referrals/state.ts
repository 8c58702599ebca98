/**
 * The status tables of referrals (core/fsm.ts), as data. Nobody asks these events by a route: each
 * is the agents domain's reaction to another domain's event (subscribers.ts).
 */
import type { TransitionTable } from '../../../core/fsm';

/**
 * A referral (`referrals/{referredUid}.statut`), made `pending` at the referred user's sign-up.
 *  - `complete`: the referred user's first successful payment (the `payment.succeeded` subscriber);
 *    later payments find it `completed` and complete nothing.
 */
export const REFERRAL_STATUSES = ['pending', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_EVENTS = ['complete'] as const;
export type ReferralEvent = (typeof REFERRAL_EVENTS)[number];

/** The status a referral is made in: its referred user has not paid yet. */
export const REFERRAL_FIRST_STATUS: ReferralStatus = 'pending';

export const REFERRAL_TRANSITIONS: TransitionTable<ReferralStatus, ReferralEvent> = {
  pending: { complete: 'completed' },
  completed: {},
};

/**
 * A commission held (`agentHeldCommissions/{paymentId}.statut`) for a payment its referred user made
 * before proving its telephone, made `held` by the `payment.succeeded` subscriber.
 *  - `release`: the referred user proved its telephone (the `user.phone_verified` subscriber): the
 *    commission is credited.
 *  - `refund`: the payment's money was marked to go back (the `payment.refund_marked` subscriber):
 *    the commission is never credited. A refund handled before the payment's success leaves a mark
 *    made `refunded` at once, so the payment holds nothing.
 * Both end it: a commission released or refunded never moves again.
 */
export const HELD_COMMISSION_STATUSES = ['held', 'released', 'refunded'] as const;
export type HeldCommissionStatus = (typeof HELD_COMMISSION_STATUSES)[number];
export const HELD_COMMISSION_EVENTS = ['release', 'refund'] as const;
export type HeldCommissionEvent = (typeof HELD_COMMISSION_EVENTS)[number];

/** The status of a commission put aside; and the status of a refund's mark that came before its payment. */
export const HELD_COMMISSION_FIRST_STATUS: HeldCommissionStatus = 'held';
export const HELD_COMMISSION_REFUNDED: HeldCommissionStatus = 'refunded';

export const HELD_COMMISSION_TRANSITIONS: TransitionTable<HeldCommissionStatus, HeldCommissionEvent> = {
  held: { release: 'released', refund: 'refunded' },
  released: {},
  refunded: {},
};
