/** Arithmetic of francs (XOF has no subunit): every amount is a whole number of francs. */

/**
 * `pct` percent of `montant`, rounded up to the franc. The percent is taken to the hundredth, so
 * the division is of integers and an exact result stays exact: 10 % of 5000 is 500 and 1.1 % of
 * 1000 is 11, where floating point gives 500.0000001 and 11.000000000000002, rounded up a franc
 * too far.
 */
export function percentOf(montant: number, pct: number): number {
  return Math.ceil((montant * Math.round(pct * 100)) / 10_000);
}
