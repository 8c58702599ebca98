/** The native client's record of a payment it made through the aggregator's SDK. */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import * as feexpay from '../../adapters/payments/feexpay';
import { PartnerError } from '../../adapters/http-client';
import type { ProfileCaller } from '../../core/auth';
import { ApiError } from '../../core/errors';
import { assertAmount, newPayment } from './new-payment';
import * as repository from './repository';
import type { ClientRecord } from './schemas';
import { settleOnAnswer } from './settlement';

/**
 * The native client's flow: the client paid through the aggregator's SDK and reports the
 * reference. FeexPay is asked first: a reference it does not know is refused and nothing is
 * written; one it cannot be asked about is refused too (502, the client tries again), so no
 * payment waits forever on junk. A known transaction is recorded once per reference and settled
 * on FeexPay's answer, checked field by field like every other path.
 */
export async function recordClientPayment(caller: ProfileCaller, input: z.output<typeof ClientRecord>) {
  const { reference, ...purpose } = input;
  const known = await repository.findByReference(reference);
  if (known) {
    if (known.payment.userId !== caller.uid) throw new ApiError('PAYMENT_NOT_FOUND');
    return { paymentId: known.id, statut: known.payment.statut, reference, paymentUrl: null };
  }
  await assertAmount(purpose, caller.uid);
  const answer = await feexpay.transactionStatus(reference).catch((error: unknown) => {
    if (!(error instanceof PartnerError)) throw error;
    throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
  });
  if (!answer) throw new ApiError('PAYMENT_REFERENCE_UNKNOWN');
  const payment = newPayment(caller.uid, purpose, 'mobile_money', 'client', reference);

  // One payment per reference, even for two records at once: the id comes from the reference.
  const id = `client_${createHash('sha256').update(reference).digest('hex').slice(0, 40)}`;
  // Two records at once meet in createPayment's transaction: the other record's payment comes back.
  const created = await repository.createPayment(id, payment);
  if (created.payment.userId !== caller.uid) throw new ApiError('PAYMENT_NOT_FOUND');
  const checked = await settleOnAnswer(created.id, created.payment, answer, 'client');
  return { paymentId: created.id, statut: checked.payment.statut, reference, paymentUrl: null };
}
