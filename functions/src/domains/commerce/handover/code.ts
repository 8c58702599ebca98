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
 * Checks `code` against the sale's: undefined when it matches; otherwise the refusal to throw and
 * the attempt count to write with it (`wrong`), or a refusal without a write (no code, locked).
 */
export function checkHandoverCode(sale: HandoverCodeFields, code: string): undefined | { error: ApiError; attempts?: number } {
  if (!sale.codeRemise) return { error: new ApiError('HANDOVER_CODE_UNAVAILABLE') };
  const attempts = sale.codeRemiseEssais ?? 0;
  if (attempts >= config().HANDOVER_CODE_MAX_ATTEMPTS) return { error: new ApiError('HANDOVER_CODE_LOCKED') };
  if (sale.codeRemise === code) return undefined;
  return { error: new ApiError('HANDOVER_CODE_INVALID'), attempts: attempts + 1 };
}
