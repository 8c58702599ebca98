/**
 * The two buckets of a wallet (DOMAIN.md, "Fair exchange"): the balance, which the user may
 * withdraw, and the held money: sales paid whose goods were not handed over yet. A held entry
 * moves the held money only; every other entry moves the balance (and the debt).
 *
 * The held money comes in with a sale's payment (`vente_retenue`, the price of the goods) and
 * leaves it once, by the same amount: at the handover (`retenue_liberee`, beside the `vente` and
 * the platform's fee the price becomes) or when the money goes back to the buyer
 * (`retenue_reprise`). So it never goes below zero, and taking it back never makes debt.
 */
export const HELD_ENTRY_TYPES = ['vente_retenue', 'retenue_liberee', 'retenue_reprise'] as const;
export type HeldEntryType = (typeof HELD_ENTRY_TYPES)[number];

const HELD = new Set<string>(HELD_ENTRY_TYPES);

export type Bucket = 'available' | 'held';

export function bucketOf(type: string): Bucket {
  return HELD.has(type) ? 'held' : 'available';
}

/** A wallet's buckets: what it may withdraw, what it holds for sales not handed over, what it owes. */
export interface Buckets {
  balance: number;
  held: number;
  debt: number;
}
