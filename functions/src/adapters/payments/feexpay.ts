/**
 * FeexPay, the payment aggregator (mobile money and card, XOF). Its HTTP API as its public SDKs
 * use it: request to pay, card payment, payment link, and the status of a transaction. Its
 * callbacks are not signed, so the service never acts on a callback's word: it asks `status`.
 * Any network failure, timeout or 5xx is a PartnerError; the caller decides what it means.
 */
import { config } from '../../core/config';
import { secret } from '../../core/secrets';
import { getFromPartner, PartnerError, postToPartner } from '../http-client';

/** What the aggregator says of a transaction, in our words. */
export type ProviderVerdict = 'pending' | 'success' | 'failed';

const SUCCESS = new Set(['SUCCESSFUL', 'SUCCESS']);
const FAILURE = new Set(['FAILED', 'TIMEOUT', 'INSUFFICIENT_FUNDS', 'CANCELED', 'CANCELLED', 'REJECTED']);

export function verdictOf(status: unknown): ProviderVerdict {
  const normalized = String(status ?? '').trim().toUpperCase();
  if (SUCCESS.has(normalized)) return 'success';
  if (FAILURE.has(normalized)) return 'failed';
  return 'pending'; // PENDING, IN PENDING STATE, anything new: wait and ask again
}

export interface Payer {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits with the country code, no `+`. */
  phoneNumber: string;
}

interface FeexPayReply {
  reference?: string;
  status?: string;
  message?: string;
  payment_url?: string;
  url?: string;
  urlPay?: string;
  amount?: number | string;
  currency?: string;
  shop?: string | { id?: string; _id?: string };
  mode?: string;
}

/**
 * What FeexPay says of one transaction: its verdict and the fields a payment is checked against
 * (amount, currency, shop, mode). Fields FeexPay left out are undefined, never guessed.
 */
export interface TransactionAnswer {
  reference: string;
  verdict: ProviderVerdict;
  amount: number | undefined;
  currency: string | undefined;
  shop: string | undefined;
  mode: string | undefined;
}

/** `SANDBOX` or `LIVE`; required outside the emulator (config.ts), so never guessed here. */
export function feexpayMode(): 'SANDBOX' | 'LIVE' {
  const mode = config().FEEXPAY_MODE;
  if (!mode) throw new Error('Invalid configuration: FEEXPAY_MODE');
  return mode;
}

function headers(): Record<string, string> {
  return { authorization: `Bearer ${secret('FEEXPAY_API_TOKEN')}` };
}

async function post(url: string, json: Record<string, unknown>): Promise<FeexPayReply> {
  const { status, body } = await postToPartner('feexpay', url, { headers: headers(), json, timeoutMs: config().FEEXPAY_TIMEOUT_MS });
  if (status >= 500) throw new PartnerError('feexpay', `server error ${status}`, status);
  if (status >= 400) throw new PartnerError('feexpay', (body as FeexPayReply).message ?? `refused ${status}`, status);
  return body as FeexPayReply;
}

export async function requestToPay(input: {
  network: string;
  amount: number;
  payer: Payer;
  description: string;
  callbackInfo: string;
  otp?: string;
}): Promise<{ reference: string; verdict: ProviderVerdict; paymentUrl?: string }> {
  const settings = config();
  const reply = await post(`${settings.FEEXPAY_BASE_URL}/api/transactions/public/requesttopay/${input.network}`, {
    shop: settings.FEEXPAY_SHOP_ID,
    amount: input.amount,
    phoneNumber: input.payer.phoneNumber,
    first_name: input.payer.firstName,
    last_name: input.payer.lastName,
    email: input.payer.email,
    description: input.description,
    callback_info: input.callbackInfo,
    ...(input.otp ? { otp: input.otp } : {}),
  });
  if (!reply.reference) throw new PartnerError('feexpay', 'no reference in the reply');
  return { reference: reply.reference, verdict: verdictOf(reply.status), paymentUrl: reply.payment_url };
}

export async function initCard(input: {
  amount: number;
  payer: Payer;
  typeCard: 'VISA' | 'MASTERCARD';
  callbackInfo: string;
}): Promise<{ reference: string | undefined; paymentUrl: string }> {
  const settings = config();
  const reply = await post(`${settings.FEEXPAY_BASE_URL}/api/transactions/public/initcard`, {
    phone: input.payer.phoneNumber,
    amount: input.amount,
    shop: settings.FEEXPAY_SHOP_ID,
    first_name: input.payer.firstName,
    last_name: input.payer.lastName,
    email: input.payer.email,
    type_card: input.typeCard,
    currency: 'XOF',
    callback_info: input.callbackInfo,
  });
  const paymentUrl = reply.url ?? reply.payment_url;
  if (!paymentUrl) throw new PartnerError('feexpay', 'no payment page in the reply');
  return { reference: reply.reference, paymentUrl };
}

export async function createPaymentLink(input: { amount: number; description: string; callbackUrl: string; expireInSeconds: number }) {
  const settings = config();
  const reply = await post(`${settings.FEEXPAY_LINK_BASE_URL}/api/feexlink/api-create`, {
    shop: settings.FEEXPAY_SHOP_ID,
    amount: input.amount,
    description: input.description,
    paymentMethod: 'ALL',
    expireIn: input.expireInSeconds,
    mode: feexpayMode(),
    callback_url: input.callbackUrl,
  });
  if (!reply.urlPay) throw new PartnerError('feexpay', 'no urlPay in the reply');
  return { paymentUrl: reply.urlPay, reference: reply.reference };
}

/** FeexPay's answer for a reference, or undefined when FeexPay does not know it (404). */
export async function transactionStatus(reference: string): Promise<TransactionAnswer | undefined> {
  const { status, body } = await getFromPartner('feexpay', `${config().FEEXPAY_BASE_URL}/api/transactions/public/single/status/${encodeURIComponent(reference)}`, {
    headers: headers(),
    timeoutMs: config().FEEXPAY_TIMEOUT_MS,
  });
  if (status === 404) return undefined;
  if (status >= 400) throw new PartnerError('feexpay', `status lookup answered ${status}`, status);
  const reply = body as FeexPayReply;
  const amount = typeof reply.amount === 'string' && reply.amount.trim() !== '' ? Number(reply.amount) : reply.amount;
  const shop = typeof reply.shop === 'object' && reply.shop !== null ? (reply.shop.id ?? reply.shop._id) : reply.shop;
  return {
    reference: typeof reply.reference === 'string' ? reply.reference : reference,
    verdict: verdictOf(reply.status),
    amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : undefined,
    currency: typeof reply.currency === 'string' ? reply.currency.trim().toUpperCase() : undefined,
    shop: typeof shop === 'string' ? shop : undefined,
    mode: typeof reply.mode === 'string' ? reply.mode.trim().toUpperCase() : undefined,
  };
}
