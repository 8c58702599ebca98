/**
 * Refunds asked by the domains that sold something: a successful payment whose target was lost,
 * cancelled or already paid is marked `a_rembourser` (the money goes back by hand for now).
 * Its own module: subscribers import it without FeexPay's adapter and its secret.
 */
import { now } from '../../core/clock';
import { takeBack } from './ledger';
import * as repository from './repository';

/**
 * Marks money of a payment to give back: `montant` XOF (the whole payment when not given; a
 * delivery's outcome may give back less). Idempotent: the first mark stays. In the same
 * transaction (ledger.ts), a whole refund takes back every credit the payment made, and a part
 * takes back the sellers' held money (the goods' price, which only a handover makes theirs).
 */
export function markForRefund(paymentId: string, reason: string, montant?: number): Promise<void> {
  return repository.markForRefund(paymentId, reason, now(), montant, takeBack);
}

/**
 * A refund mark in the caller's transaction, without take-backs: for a caller whose own entries in
 * that transaction already send the money back (a dispute's decision takes each seller's share back
 * itself). Call it among the reads; the writer among the writes. Undefined when the payment is not a
 * success or was marked already.
 */
export function prepareRefundMark(tx: FirebaseFirestore.Transaction, paymentId: string, reason: string, montant: number) {
  return repository.prepareRefundMark(tx, paymentId, reason, montant, now());
}
