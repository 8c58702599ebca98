/**
 * FeexPay's word on a transaction is believed only when the transaction is the one we asked for:
 * its reference, the amount of the payment to the franc, in XOF, paid to our shop, and in live
 * mode when the service runs live. A status of SUCCESSFUL on a 100 XOF transaction is not the
 * payment of a 5,000,000 XOF car.
 */
import { feexpayMode, type TransactionAnswer } from '../../adapters/payments/feexpay';
import { config } from '../../core/config';
import type { MismatchReason, PaymentDocument } from './model';

/** The first field of the answer that is not what the payment claims, or undefined when all match. */
export function mismatchOf(payment: Pick<PaymentDocument, 'montant' | 'reference'>, answer: TransactionAnswer): MismatchReason | undefined {
  if (payment.reference !== null && answer.reference !== payment.reference) return 'reference_mismatch';
  if (answer.amount !== payment.montant) return 'amount_mismatch';
  // FeexPay's accounts are in XOF and its status answer may leave the currency out; a stated
  // currency must be XOF.
  if (answer.currency !== undefined && answer.currency !== 'XOF') return 'currency_mismatch';
  if (answer.shop === undefined || answer.shop !== config().FEEXPAY_SHOP_ID) return 'shop_mismatch';
  if (feexpayMode() === 'LIVE' && answer.mode !== 'LIVE') return 'mode_mismatch';
  return undefined;
}
