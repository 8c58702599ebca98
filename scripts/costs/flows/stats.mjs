/**
 * An admin's statistics page: the dashboard's figures for the last 30 days, as every admin reads it
 * but the first. The first read of a closed day sums its counters once into a roll-up
 * (core/counter-rollups.ts) that every later read uses: on the demo data that first read costs
 * about 1,200 reads and 29 writes, once per day closed, whoever reads. `prepare` makes it.
 */
export const stats = {
  name: 'an admin\'s statistics page',
  floor: {
    reads: 3,
    writes: 0,
    why: [
      'read: the admin (role), and the counters of the range: one roll-up per month touched (30 days touch at most 2 months)',
      'no write',
    ],
  },
  prepare: (ctx) => readStats(ctx),
  run: (ctx) => readStats(ctx),
};

function readStats({ api, tokens }) {
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  return api.get(`/api/admin/stats?from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`, { token: tokens.admin });
}
