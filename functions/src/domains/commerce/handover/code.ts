/**
 * The in-person handover code (DOMAIN.md, "Fair exchange": "In person (no delivery): the buyer's
 * handover code, shown in the buyer app, entered by the seller"). Drawn when the sale is paid,
 * shown to its buyer and admins only. The seller proves the handover by entering it: the buyer
 * gives it when it holds the goods, as it gives a courier its delivery code. Six digits can be
 * guessed by trying: each wrong code is counted on the sale in the transaction that refuses it,
 * and past HANDOVER_CODE_MAX_ATTEMPTS code entry is locked (the buyer's "received" or an admin
 * still hands it over).
 */
import { randomInt } from 'node:crypto';
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';

export function newHandoverCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What a sale keeps of its code. */
export interface HandoverCodeFields {
  /** Null on a sale a courier carries (its delivery has its own code) and on sales paid before codes. */
  codeRemise?: string | null;
  codeRemiseEssais?: number;
}

/**
 * Checks `code` against the sale's, read in `tx`: undefined when it matches. A wrong code is counted
 * on the sale in `tx` and its refusal answered, for the caller to throw once the transaction
 * committed (thrown inside it, the count would be lost); a sale without a code, or locked, throws now.
 */
export function refusalOfCode(tx: Transaction, ref: DocumentReference, sale: HandoverCodeFields, code: string): ApiError | undefined {
  if (!sale.codeRemise) throw new ApiError('HANDOVER_CODE_UNAVAILABLE');
  const attempts = sale.codeRemiseEssais ?? 0;
  if (attempts >= config().HANDOVER_CODE_MAX_ATTEMPTS) throw new ApiError('HANDOVER_CODE_LOCKED');
  if (sale.codeRemise === code) return undefined;
  tx.update(ref, { codeRemiseEssais: attempts + 1, updatedAt: Timestamp.fromDate(now()) });
  return new ApiError('HANDOVER_CODE_INVALID');
}
