/**
 * Starting a payment makes FeexPay prompt a telephone (a USSD push or an SMS): unlimited starts
 * would let anyone flood a stranger's phone, or our account at the aggregator. Starts are counted
 * per payer account and per paying telephone, in Firestore so every instance shares the count.
 */
import { config } from '../../core/config';
import { overLimit, rateLimited } from '../../core/rate-limit';

export async function assertStartAllowed(userId: string, telephone: string | null): Promise<void> {
  const settings = config();
  if (!settings.PAYMENT_RATE_LIMIT_ENABLED) return;
  const windowMs = settings.PAYMENT_RATE_LIMIT_WINDOW_MS;
  const counts = await Promise.all([
    overLimit('payment-user', userId, windowMs, settings.PAYMENT_RATE_LIMIT_PER_USER),
    ...(telephone ? [overLimit('payment-telephone', telephone, windowMs, settings.PAYMENT_RATE_LIMIT_PER_TELEPHONE)] : []),
  ]);
  const refused = counts.filter((count) => count.over);
  // Retry-After, as every RATE_LIMITED answer says when to come back.
  if (refused.length > 0) throw rateLimited(refused);
}
