/** Reading and setting the admin price lists; other domains read prices through `priceList`. */
import { Timestamp } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import { PRICE_LISTS, type PriceList, type PriceListName } from './registry';
import { percentOf } from '../../core/money';

const docOf = (name: PriceListName) => db().collection(COLLECTIONS.pricing).doc(name);

/** The list as set by an admin, or its configured defaults. */
export async function priceList<N extends PriceListName>(name: N): Promise<PriceList<N>> {
  const stored = (await docOf(name).get()).data();
  const parsed = stored ? PRICE_LISTS[name].schema.safeParse(withoutAudit(stored)) : undefined;
  return (parsed?.success ? parsed.data : PRICE_LISTS[name].defaults()) as PriceList<N>;
}

export async function setPriceList<N extends PriceListName>(caller: ProfileCaller, name: N, value: PriceList<N>): Promise<PriceList<N>> {
  await docOf(name).set({ ...value, updatedBy: caller.uid, updatedAt: Timestamp.fromDate(now()) });
  return value;
}

function withoutAudit(stored: Record<string, unknown>): Record<string, unknown> {
  const { updatedBy: _by, updatedAt: _at, ...value } = stored;
  return value;
}

/** The platform fee of a sale at this price, from the seller-gain tiers (rounded up to the franc). */
export async function platformFee(price: number): Promise<number> {
  const { tiers } = await priceList('seller-gain-pricing');
  const tier = tiers.find((candidate) => candidate.jusqua === null || price <= candidate.jusqua) ?? tiers[tiers.length - 1];
  return percentOf(price, tier.commissionPct);
}
