/**
 * The admin price lists of the payments (singletons in `pricing/{name}`), each with its schema and
 * its defaults from configuration. Readable by any signed-in user, set by admin levels.
 */
import { z } from 'zod';
import { config } from '../../core/config';

const xof = z.number().int().min(0).max(100_000_000);

export const SubscriptionPricing = z
  .strictObject({ mensuel: xof.meta({ description: 'XOF per month of 30 days.' }) })
  .meta({ id: 'SubscriptionPricing' });

export const VerificationPricing = z.strictObject({ prix: xof.meta({ description: 'XOF per article verification.' }) }).meta({ id: 'VerificationPricing' });

/** Platform fee on a sale, by tiers of sale price (the last tier has no upper bound). */
export const SellerGainPricing = z
  .strictObject({
    tiers: z
      .array(
        z.strictObject({
          jusqua: xof.nullable().meta({ description: 'Upper bound of the sale price (XOF), inclusive; null for the last tier.' }),
          commissionPct: z.number().min(0).max(50).meta({ description: 'Platform fee, percent of the sale price.' }),
        }),
      )
      .min(1)
      .max(10)
      .refine((tiers) => tiers.every((tier, i) => (i === tiers.length - 1 ? tier.jusqua === null : tier.jusqua !== null)), {
        message: 'Only the last tier is open-ended.',
      })
      .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.jusqua === null || tier.jusqua > (tiers[i - 1].jusqua ?? 0)), {
        message: 'Tiers go up.',
      }),
  })
  .meta({ id: 'SellerGainPricing' });

/** What agents earn from the users they referred (domains/agents); read and set by admin levels only. */
export const ReferralPricing = z
  .strictObject({
    referralSignupXof: xof.meta({ description: 'XOF earned by the agent for each user who signs up with its code.' }),
    commissionSubscriptionPct: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'Percent of a referred user’s subscription payment (`abonnement`, `abonnement_transitaire`) earned by its agent, rounded up to the franc.' }),
    commissionPublicitePct: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'Percent of a referred user’s advertisement payment (`publicite`) earned by its agent, rounded up to the franc.' }),
  })
  .meta({ id: 'ReferralPricing' });

/**
 * The delivery price list (DOMAIN.md, Logistics). The buyer pays `prixParKm` per kilometre, bounded
 * by the zone's minimum and maximum; of that fee the courier earns `gainLivreurParKm` per kilometre
 * and the company keeps the rest, so the two per-kilometre gains must add up to the price.
 */
export const DeliverySettings = z
  .strictObject({
    prixParKm: xof.meta({ description: 'XOF per kilometre the buyer pays where no zone sets its own price.' }),
    rayonKm: z.number().min(0.5).max(200).meta({ description: 'Radius of the first round of offers to online couriers (km).' }),
    dureeOffreSecondes: z.number().int().min(10).max(3600).meta({ description: 'How long a round of offers waits for a courier to accept (s).' }),
    gainLivreurParKm: xof.meta({ description: 'XOF per kilometre earned by the courier.' }),
    gainSocieteParKm: xof.meta({ description: 'XOF per kilometre kept by the company (with the courier’s, the price per kilometre).' }),
    commissionVendeurPct: z.number().min(0).max(50).meta({ description: 'Percent of a seller’s lines of a delivered order kept by the platform (rounded up).' }),
  })
  .refine((value) => value.gainLivreurParKm + value.gainSocieteParKm === value.prixParKm, {
    message: 'The courier’s and the company’s gains per kilometre add up to the price per kilometre.',
    path: ['gainSocieteParKm'],
  })
  .meta({ id: 'DeliverySettings' });

/** `noun` names the list in its operations' ids (`getDeliverySettings`, `setDeliverySettings`). */
export const PRICE_LISTS = {
  'subscription-pricing': { schema: SubscriptionPricing, defaults: () => ({ mensuel: config().SUBSCRIPTION_PRICE_PER_MONTH }), summary: 'Seller subscription price', noun: 'SellerSubscriptionPricing' },
  'transitaire-subscription-pricing': {
    schema: SubscriptionPricing,
    defaults: () => ({ mensuel: config().TRANSITAIRE_SUBSCRIPTION_PRICE_PER_MONTH }),
    summary: 'Forwarder subscription price',
    noun: 'ForwarderSubscriptionPricing',
  },
  'verification-pricing': { schema: VerificationPricing, defaults: () => ({ prix: config().VERIFICATION_PRICE }), summary: 'Article verification price', noun: 'VerificationPricing' },
  'seller-gain-pricing': {
    schema: SellerGainPricing,
    defaults: () => ({
      tiers: [
        { jusqua: 1_000_000, commissionPct: 5 },
        { jusqua: 5_000_000, commissionPct: 3 },
        { jusqua: null, commissionPct: 2 },
      ],
    }),
    summary: 'Platform fee on sales, by tiers of sale price',
    noun: 'SellerGainPricing',
  },
  'delivery-settings': {
    schema: DeliverySettings,
    defaults: () => ({ prixParKm: 75, rayonKm: 10, dureeOffreSecondes: 60, gainLivreurParKm: 50, gainSocieteParKm: 25, commissionVendeurPct: 10 }),
    summary: 'Delivery settings: price and gains per kilometre, offer radius and duration, seller commission',
    noun: 'DeliverySettings',
  },
  'referral-pricing': {
    schema: ReferralPricing,
    defaults: () => ({
      referralSignupXof: config().AGENT_REFERRAL_SIGNUP_XOF,
      commissionSubscriptionPct: config().AGENT_COMMISSION_SUBSCRIPTION_PCT,
      commissionPublicitePct: config().AGENT_COMMISSION_PUBLICITE_PCT,
    }),
    summary: 'Referral tariff of commercial agents: signup bonus and commissions',
    noun: 'ReferralPricing',
    adminOnly: true,
  },
} as const;

/** Whether only admin levels may read the list (the others are prices every user pays). */
export const readByAdminsOnly = (name: PriceListName): boolean => {
  const list: { summary: string; adminOnly?: boolean } = PRICE_LISTS[name];
  return list.adminOnly === true;
};

export type PriceListName = keyof typeof PRICE_LISTS;
export type PriceList<N extends PriceListName> = z.output<(typeof PRICE_LISTS)[N]['schema']>;
