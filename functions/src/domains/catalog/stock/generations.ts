/**
 * A part's generation of units (README, "Orders of parts" and "Hot documents"): the units an order
 * can take are the slots 0..units-1 of the current generation (units.ts). A seller's statement of
 * `stock`, or the listing leaving public view for another reason than orders selling its last
 * unit (withdrawn, taken down, sold by a purchase, hidden, deleted), starts a new generation whose
 * slots are the stock the listing then has: a payment holding units of an older generation finds
 * it in its transaction and takes its units again from the new one (or finds none).
 *
 * The generation lives in its own document beside the listing: every paying order reads it in its
 * transaction, which on the listing would lock the document every winner lowers `stock` on.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';

export interface StockGenerationDocument {
  generation: number;
  /** The generation's unit slots: n in [0, units). A unit given back or returned adds one at the top. */
  units: number;
  /** Orders took all its units and the last of them moved the listing to `vendu` (a return restocks it). */
  soldOut: boolean;
  updatedAt: Timestamp;
}

export const generations = () => collection<StockGenerationDocument>(COLLECTIONS.stockGenerations);

/** The units a listing's stock makes: a part without `stock` is one unit (README, "Orders of parts"). */
export const unitsOf = (stock: number | undefined) => stock ?? 1;

/** A part's current generation read in the caller's transaction (undefined before its first order or statement). */
export async function readGenerationIn(tx: Transaction, articleId: string): Promise<StockGenerationDocument | undefined> {
  return (await tx.get(generations().doc(articleId))).data();
}

/**
 * The write that starts a new generation of `stock` units, in the caller's transaction (a read
 * among its reads: the next number). Payments holding units of the one before take theirs again.
 */
export async function prepareNewGeneration(tx: Transaction, articleId: string, stock: number | undefined, at: Date): Promise<() => void> {
  const ref = generations().doc(articleId);
  const current = (await tx.get(ref)).data();
  const next: StockGenerationDocument = { generation: (current?.generation ?? 0) + 1, units: unitsOf(stock), soldOut: false, updatedAt: Timestamp.fromDate(at) };
  return () => tx.set(ref, next);
}

/** A listing deleted: its generation goes with it (a payment holding its units finds none). */
export function endGenerationIn(tx: Transaction, articleId: string): void {
  tx.delete(generations().doc(articleId));
}
