/** Reading and setting the admin price lists; other domains read prices through `priceList`. */
import { Timestamp } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { audit } from '../../core/audit';
import { db, runTransaction } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import { PRICE_LISTS, type PriceList, type PriceListName } from './registry';
import { percentOf } from '../../core/money';

const docOf = (name: PriceListName) => db().collection(COLLECTIONS.pricing).doc(name);

/** The list as set by an admin, or its configured defaults. */
export async function priceList<N extends PriceListName>(name: N): Promise<PriceList<N>> {
  return parsedOrDefaults(name, (await docOf(name).get()).data());
}

function parsedOrDefaults<N extends PriceListName>(name: N, stored: Record<string, unknown> | undefined): PriceList<N> {
  const parsed = stored ? PRICE_LISTS[name].schema.safeParse(withoutAudit(stored)) : undefined;
  return (parsed?.success ? parsed.data : PRICE_LISTS[name].defaults()) as PriceList<N>;
}

/** Replaces a list; the audit entry (the list in force before, stored or default, and after) is written in the same transaction. */
export async function setPriceList<N extends PriceListName>(caller: ProfileCaller, name: N, value: PriceList<N>): Promise<PriceList<N>> {
  await runTransaction(async (tx) => {
    const stored = (await tx.get(docOf(name))).data();
    tx.set(docOf(name), { ...value, updatedBy: caller.uid, updatedAt: Timestamp.fromDate(now()) });
    audit(tx, {
      actor: caller,
      action: 'pricing.updated',
      target: { collection: COLLECTIONS.pricing, id: name },
      before: { ...parsedOrDefaults(name, stored) },
      after: { ...value },
    });
  });
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
