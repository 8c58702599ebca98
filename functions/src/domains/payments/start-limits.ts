/**
 * Starting a payment makes FeexPay prompt a telephone (a USSD push or an SMS): unlimited starts
 * would let anyone flood a stranger's phone, or our account at the aggregator. Starts are counted
 * per payer account and per paying telephone, in Firestore so every instance shares the count.
 */
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { overLimit } from '../../core/rate-limit';

export async function assertStartAllowed(userId: string, telephone: string | null): Promise<void> {
  const settings = config();
  if (!settings.PAYMENT_RATE_LIMIT_ENABLED) return;
  const windowMs = settings.PAYMENT_RATE_LIMIT_WINDOW_MS;
  const [byUser, byTelephone] = await Promise.all([
    overLimit('payment-user', userId, windowMs, settings.PAYMENT_RATE_LIMIT_PER_USER),
    telephone ? overLimit('payment-telephone', telephone, windowMs, settings.PAYMENT_RATE_LIMIT_PER_TELEPHONE) : false,
  ]);
  if (byUser || byTelephone) throw new ApiError('RATE_LIMITED');
}
