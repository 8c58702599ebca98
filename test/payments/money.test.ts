/** Francs: a percent of an amount is exact where it can be, and rounded up otherwise. */
import { percentOf } from '../../functions/src/core/money';

it('takes a percent to the franc without floating-point drift, rounding up what is not whole', () => {
  expect(percentOf(1000, 1.1)).toBe(11); // 1000 * 1.1 / 100 is 11.000000000000002 in floating point
  expect(percentOf(5000, 10)).toBe(500);
  expect(percentOf(12_500, 5)).toBe(625);
  expect(percentOf(999, 10)).toBe(100); // 99.9 rounded up
  expect(percentOf(100_000, 2.25)).toBe(2250);
  expect(percentOf(0, 10)).toBe(0);
});
