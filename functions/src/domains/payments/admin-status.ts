/** An admin's word on a payment's status (DOMAIN.md "Admin powers"), audited in the move's transaction. */
import type { ProfileCaller } from '../../core/auth';
import { audit } from '../../core/audit';
import { COLLECTIONS } from '../../core/firestore';
import { ApiError } from '../../core/errors';
import { isSeniorAdminRole } from '../../core/roles';
import { paymentMachine } from './machine';
import * as repository from './repository';
import { providerWord, settle } from './settlement';
import type { PaymentOutcome } from './state';
import { toPayment } from './view';

/**
 * An admin sets a payment's status, with a reason. Any admin level may mark it `failed` or
 * `expired`, and `success` when FeexPay confirms a matching successful transaction (asked first,
 * checked field by field like every other path). A success FeexPay does not vouch for is refused
 * (PAYMENT_PROVIDER_MISMATCH, PAYMENT_NOT_CONFIRMED, or 502 when it does not answer), unless a
 * principal or superAdmin forces it (`force`, DOMAIN.md "Admin powers"); other levels asking to
 * force get PAYMENT_FORCE_FORBIDDEN before anything is asked or written. Each change writes its
 * audit entry in the transaction that makes it; a refusal writes nothing.
 */
export async function adminSetStatus(caller: ProfileCaller, id: string, input: { statut: PaymentOutcome; reason: string; force?: boolean }) {
  const { statut: outcome, reason } = input;
  const force = input.force === true;
  if (force && !isSeniorAdminRole(caller.role)) throw new ApiError('PAYMENT_FORCE_FORBIDDEN');
  const payment = await repository.findPayment(id);
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  // Nothing to ask FeexPay about when the table refuses the move anyway (a success is final).
  paymentMachine.decide(payment.statut, outcome);
  let forced = false;
  let provider: string | undefined;
  if (outcome === 'success') {
    const word = await providerWord(payment);
    provider = word.said;
    if (!word.confirmed) {
      if (!force) {
        if (word.said === 'unavailable') throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
        const detail = [{ field: 'provider', reason: word.said, hint: 'What FeexPay said of this payment’s transaction.' }];
        throw new ApiError(word.mismatch ? 'PAYMENT_PROVIDER_MISMATCH' : 'PAYMENT_NOT_CONFIRMED', detail);
      }
      forced = true;
    }
  }
  const result = await settle(id, outcome, 'admin', { by: caller.uid, reason, ...(forced ? { forced: true } : {}) }, (tx, current, next) =>
    audit(tx, {
      actor: caller,
      action: forced ? 'payment.status_forced' : 'payment.status_set',
      target: { collection: COLLECTIONS.payments, id },
      before: { statut: current.statut },
      after: { statut: next },
      reason,
      context: { montant: current.montant, type: current.type, ...(provider ? { provider } : {}) },
    }),
  );
  if (!result.changed) throw new ApiError('INVALID_TRANSITION');
  return toPayment(id, result.payment);
}
