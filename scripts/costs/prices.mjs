/**
 * What a flow costs in USD, at the published list prices, beyond the free tiers. Read on
 * 2026-11-29 from the published pages (no network here to read them live; check them again before
 * quoting a figure):
 *
 * - Firestore, Standard edition, multi-region (eur3, the usual choice beside functions in
 *   europe-west1), https://cloud.google.com/firestore/pricing: $0.06 per 100,000 document reads,
 *   $0.18 per 100,000 writes, $0.02 per 100,000 deletes (a regional location is about half).
 * - Cloud Functions (2nd gen bills as Cloud Run), https://cloud.google.com/functions/pricing and
 *   https://cloud.google.com/run/pricing: $0.40 per million invocations (requests). Compute time
 *   (vCPU-seconds and GiB-seconds) is not counted here: it depends on the machine, not on the flow's
 *   operations, and `npm run bench` measures time.
 */
export const PRICES = {
  source: 'cloud.google.com/firestore/pricing (eur3) and cloud.google.com/functions/pricing, read 2026-11-29',
  read: 0.06 / 100_000,
  write: 0.18 / 100_000,
  delete: 0.02 / 100_000,
  invocation: 0.4 / 1_000_000,
};

/** USD for 1,000 runs of a flow with these counts. */
export function usdPerThousand({ reads, writes, deletes, invocations }) {
  return 1000 * (reads * PRICES.read + writes * PRICES.write + deletes * PRICES.delete + invocations * PRICES.invocation);
}
