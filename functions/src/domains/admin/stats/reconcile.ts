/**
 * Sets the dashboard's gauges (the `total` counters: users by role and blocked, listings, payments,
 * missions, orders and deliveries by status) to what the collections hold, counted by aggregation
 * queries (`count()`: one index read per thousand documents, no document read).
 *
 * The subscribers move a gauge -1 and +1 on each change, so gauges are right only for what changed
 * after the counting was deployed: a listing online before then, withdrawn after, would leave
 * `en_ligne` at -1. Run once after deploying the counting (`npm run backfill:counters`), and again
 * whenever a gauge is doubted. It writes each scope's `total` shards at once (the counts on shard 0,
 * the other shards emptied); a change committed between a count and that write is lost or counted
 * twice, so run it when traffic is low. Day counters (flows) are history and are not touched.
 *
 * A one-off administration tool: it reads other domains' collections by count only, and writes
 * only the dashboard's own counters.
 */
import { db } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { type CounterValues, nestByPath, TOTAL } from '../../../core/counters';
import { ROLES } from '../../../core/roles';
import { type Family, SCOPES } from './scopes';
import { DELIVERY_STATUSES, LISTING_STATUSES, MISSION_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from './statuses';

type Filters = Array<[string, unknown]>;

async function countWhere(collection: string, filters: Filters): Promise<number> {
  let query: FirebaseFirestore.Query = db().collection(collection);
  for (const [field, value] of filters) query = query.where(field, '==', value);
  return (await query.count().get()).data().count;
}

/** Counts by path (`byStatus.en_ligne`), as nested values; zero counts are left out. */
async function gauges(collection: string, paths: Array<[string, Filters]>): Promise<CounterValues> {
  const counts = await Promise.all(paths.map(([, filters]) => countWhere(collection, filters)));
  return nestByPath(Object.fromEntries(paths.map(([path], index) => [path, counts[index]!])), (count) => count) as CounterValues;
}

const byStatus = (statuses: readonly string[]): Array<[string, Filters]> => statuses.map((statut) => [`byStatus.${statut}`, [['statut', statut]]]);

/** What each scope's gauges are, counted now. */
export async function countedGauges(): Promise<Record<Family, CounterValues>> {
  const [users, listings, payments, missions, orders, deliveries] = await Promise.all([
    gauges(COLLECTIONS.users, [...ROLES.map((role): [string, Filters] => [`byRole.${role}`, [['role', role]]]), ['blocked', [['isBlocked', true]]]]),
    gauges(COLLECTIONS.articles, byStatus(LISTING_STATUSES)),
    gauges(
      COLLECTIONS.payments,
      PAYMENT_TYPES.flatMap((type) => PAYMENT_STATUSES.map((statut): [string, Filters] => [`byStatus.${type}.${statut}`, [['type', type], ['statut', statut]]])),
    ),
    gauges(COLLECTIONS.transitMissions, byStatus(MISSION_STATUSES)),
    gauges(COLLECTIONS.commandes, byStatus(ORDER_STATUSES)),
    gauges(COLLECTIONS.deliveries, byStatus(DELIVERY_STATUSES)),
  ]);
  return { users, listings, payments, missions, orders, deliveries };
}

/** Writes the counted gauges over every `total` shard of each scope; answers what it wrote. */
export async function reconcileGauges(): Promise<Record<Family, CounterValues>> {
  const counted = await countedGauges();
  const batch = db().batch();
  for (const family of Object.keys(SCOPES) as Family[]) {
    const scope = SCOPES[family];
    for (let shard = 0; shard < scope.shards; shard += 1) {
      const ref = db().collection(COLLECTIONS.counters).doc(`${scope.name}__${TOTAL}__${shard}`);
      batch.set(ref, { scope: scope.name, period: TOTAL, shard, values: shard === 0 ? counted[family] : {} });
    }
  }
  await batch.commit();
  return counted;
}
