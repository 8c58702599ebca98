import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { ROLES } from '../../../core/roles';
import { SIGNUP_BONUS_REFUSALS } from './model';
import { REFERRAL_STATUSES } from './state';

export const Referral = z
  .object({
    id: z.string().meta({ description: 'The referred user’s id (one referral per user).' }),
    referrerId: z.string().meta({ description: 'The agent whose code the user signed up with.' }),
    referredId: z.string(),
    code: z.string(),
    statut: z.enum(REFERRAL_STATUSES).meta({ description: '`pending` until the referred user’s first successful payment, then `completed`.' }),
    referredRole: z.enum(ROLES),
    createdAt: z.string().meta({ description: 'The referred user’s sign-up.' }),
    completedAt: z.string().nullable(),
    phoneProven: z
      .boolean()
      .nullable()
      .meta({ description: 'Whether the referred user proved its telephone; nothing is credited to the agent before. null: a referral made before the rule (paid at sign-up).' }),
    signupBonusRefusedReason: z
      .enum(SIGNUP_BONUS_REFUSALS)
      .nullable()
      .meta({
        description:
          'Why this proven referral earned its agent no sign-up bonus: `meme_personne`, the account of the same telephone on the other app earned it first (one sign-up bonus per person, whichever agent’s code). ' +
          'The referral still counts (totals, a shop for a seller, its commissions). null: the bonus was credited, or waits for the telephone proof.',
      }),
  })
  .meta({ id: 'Referral' });

const xof = z.number().int();

export const ReferralStats = z
  .object({
    totalReferrals: z.number().int(),
    completedReferrals: z.number().int(),
    pendingReferrals: z.number().int(),
    awaitingPhoneProof: z
      .number()
      .int()
      .meta({ description: 'Referrals (among totalReferrals) whose user has not proven its telephone: no sign-up bonus or commission is credited for them yet.' }),
    boutiquesCreees: z.number().int().meta({ description: 'Referred sellers signed up.' }),
    abonnementsVendus: z.number().int().meta({ description: 'Successful subscription payments of referred users.' }),
    campagnesLancees: z.number().int().meta({ description: 'Successful advertisement payments of referred users.' }),
    campagnesDemandees: z.number().int().meta({ description: 'Advertisements asked for by referred users, paid or not.' }),
    earnings: z.object({
      total: xof.meta({ description: 'Every positive earning (XOF).' }),
      referralSignup: xof,
      commissionSubscription: xof,
      commissionPublicite: xof,
      dailyPresence: xof,
    }),
    totalWithdrawn: xof,
    currentBalance: xof.meta({ description: 'The agent’s wallet balance (XOF).' }),
  })
  .meta({ id: 'ReferralStats' });

export const ReferralIdParams = z.strictObject({ id: documentId('REFERRAL_NOT_FOUND', 'The referred user’s id.') });
export const MyReferralsQuery = PaginationQuery.extend({ statut: z.enum(REFERRAL_STATUSES).optional() });
export const ReferralsQuery = MyReferralsQuery.extend({
  referrerId: documentId('VALIDATION_ERROR', 'Only the referrals of this agent.').optional(),
});
