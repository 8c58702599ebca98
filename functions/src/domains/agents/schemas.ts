import { z } from 'zod';
import { CountryCode, TelephoneInput } from '../geo';
import { DayKey } from '../../core/days';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { PRESENCE_REFUSALS } from './journal/presence';
import { AGENT_TYPES, PERIODS } from './model';
import { PresenceZone } from './zone/schemas';

const Name = z.string().trim().min(1).max(80);
export const AgentTypeSchema = z.enum(AGENT_TYPES).meta({ description: '`Market_pro` (sellers of the pro app) or `Market` (buyers of the buyer app).' });

export const AgentCreateRequest = z
  .strictObject({
    telephone: TelephoneInput,
    pays: CountryCode.optional(),
    nom: Name,
    prenoms: Name,
    typeAgent: AgentTypeSchema,
    zone: z.string().trim().min(1).max(120).meta({ description: 'Where the agent works (district, town).', example: 'Cotonou - Dantokpa' }),
  })
  .meta({
    id: 'AgentCreateRequest',
    description: 'No password: the agent sets its own through the password reset (`passwordSetup` of the answer), so no admin ever knows it. A `password` field is refused like any unknown field.',
  });

/** How a new agent gets its first password: through the reset flow, by itself. */
export const PasswordSetup = z
  .object({
    method: z.literal('password_reset'),
    steps: z.array(z.string()).meta({ description: 'The routes the agent calls, in order, with its telephone and `app: pro`.' }),
  })
  .meta({
    id: 'AgentPasswordSetup',
    description: 'The account has no password anyone knows: the agent asks a code for its telephone, proves it and chooses its password (the reset flow).',
  });

export const Agent = z
  .object({
    id: z.string(),
    telephone: z.string(),
    email: z.string().meta({ description: 'Login email (synthetic, pro app).' }),
    nom: z.string(),
    prenoms: z.string(),
    typeAgent: AgentTypeSchema,
    zone: z.string(),
    referralCode: z.string().meta({ description: 'The agent’s own code: 8 characters without 0, O, 1, I or L.', example: 'K7QX3MZP' }),
    createdAt: z.string(),
    passwordSetup: PasswordSetup,
  })
  .meta({ id: 'Agent' });

export const DashboardQuery = z.strictObject({
  date: DayKey.optional().meta({ description: 'The day shown, `YYYY-MM-DD` (default: today in BUSINESS_TIME_ZONE).', example: '2026-11-22' }),
});

const count = z.number().int();
const xof = z.number().int();

export const Objectifs = z
  .object({
    prospectsParJour: count.meta({ description: 'Prospects to approach per day (AGENT_TARGET_PROSPECTS_PER_DAY).' }),
    abonnementsAvantRetrait: count.meta({ description: 'Subscriptions sold before a withdrawal (AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS).' }),
    campagnesAvantRetrait: count.meta({ description: 'Advertisement campaigns sold before a withdrawal (AGENT_WITHDRAWAL_MIN_CAMPAIGNS).' }),
  })
  .meta({ id: 'AgentObjectifs' });

export const Dashboard = z
  .strictObject({
    agent: z.strictObject({
      id: z.string(),
      typeAgent: AgentTypeSchema.nullable(),
      referralCode: z.string(),
      presenceZone: PresenceZone.meta({
        description: 'The agent’s zone: the area its presence bonus needs, or `statut: non_definie` while no admin set one (the land rule alone until then).',
      }),
    }),
    stats: z.strictObject({
      totalReferrals: count,
      completedReferrals: count,
      awaitingPhoneProof: count.meta({ description: 'Referrals (among totalReferrals) whose user has not proven its telephone yet: paid nothing so far.' }),
      totalEarnings: xof.meta({ description: 'Every positive earning (XOF).' }),
      currentBalance: xof.meta({ description: 'Wallet balance (XOF).' }),
    }),
    daily: z.strictObject({
      dateKey: z.string(),
      prospectsApproached: count,
      demonstrations: count,
      boutiquesCreees: count,
      abonnementsVendus: count,
      campagnesLancees: count,
      revenueAbonnement: xof,
      revenueCampagne: xof,
      dailyBonusCredited: z.boolean(),
      dailyPresenceBonusXof: xof,
      objectifs: Objectifs,
    }),
  })
  .meta({ id: 'AgentDashboard', description: 'The contract’s dashboard response, read from counters: the agent’s record, its day and its wallet.' });

export const ZoneLocation = z
  .strictObject({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z
      .number()
      .positive()
      .max(1_000_000)
      .optional()
      .meta({ description: 'The position’s accuracy in metres, as the device reports it; worse than AGENT_PRESENCE_MAX_ACCURACY_M (200) earns no bonus.', example: 15 }),
  })
  .meta({ id: 'ZoneLocation', description: 'GPS position of the day: both coordinates in degrees, and the accuracy when the device gives one.' });

export const PresenceRefusedReason = z
  .enum(PRESENCE_REFUSALS)
  .nullable()
  .meta({
    description:
      'Why the day has no presence bonus after this call: `hors_zone_attribuee` (the position is outside the agent’s zone, the area an admin set), ' +
      '`hors_zone` (it is not on the land of a served country), ' +
      '`precision_insuffisante` (its accuracy is worse than AGENT_PRESENCE_MAX_ACCURACY_M); null when the day has its bonus or no position.',
  });

export const DailyRequest = z
  .strictObject({
    zone: z.string().trim().min(1).max(120).optional(),
    zoneLocation: ZoneLocation.optional(),
  })
  .refine((body) => body.zone !== undefined || body.zoneLocation !== undefined, { message: 'Give the zone, the location or both.' })
  .meta({ id: 'AgentDailyRequest' });

export const Daily = z
  .object({
    dateKey: z.string(),
    zone: z.string().nullable(),
    zoneLocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    prospectsApproached: count,
    dailyBonusCredited: z.boolean(),
    dailyPresenceBonusXof: xof,
    bonusCreditedNow: z.boolean().meta({ description: 'Whether this call credited the presence bonus (only the day’s first call with a location that earns does).' }),
    bonusRefusedReason: PresenceRefusedReason,
  })
  .meta({ id: 'AgentDaily' });

export const ProspectCount = z.object({ dateKey: z.string(), prospectsApproached: count });

export const LeaderboardQuery = PaginationQuery.extend({
  period: z.enum(PERIODS).default('month').meta({ description: '`day`, `week` (ISO week) or `month` (default), in BUSINESS_TIME_ZONE.' }),
  date: DayKey.optional().meta({ description: 'A day of the period shown, `YYYY-MM-DD` (default: today).' }),
});

const LeaderboardEntry = z
  .object({
    rank: count.meta({ description: 'Standard competition ranking: 1 + the agents with a higher score, or the same score and more earnings. Agents equal on both share a rank, the next skips (1, 2, 2, 4); the same number as the agent’s own `me.rank`.' }),
    agentId: z.string(),
    typeAgent: AgentTypeSchema.nullable(),
    score: count.meta({ description: 'abonnementsVendus × 3 + campagnesLancees × 2 + boutiquesCreees × 2 + demonstrations.' }),
    earnings: xof.meta({ description: 'Commissions credited in the period (XOF): the tie-break.' }),
    abonnementsVendus: count,
    campagnesLancees: count,
    boutiquesCreees: count,
    demonstrations: count,
  })
  .meta({ id: 'AgentLeaderboardEntry' });

export const Leaderboard = z
  .object({
    period: z.enum(PERIODS),
    periodKey: z.string().meta({ description: '`YYYY-MM-DD`, `YYYY-Www` or `YYYY-MM`.' }),
    items: z.array(LeaderboardEntry),
    pagination: z.object({ page: count, limit: count, total: count, hasMore: z.boolean() }),
    me: z
      .object({
        agentId: z.string(),
        rank: count.meta({ description: '1 + the agents with a higher score, or the same score and more earnings: the rank the list shows beside the caller (ties share it).' }),
        score: count,
        earnings: xof,
        ranked: z.boolean().meta({ description: 'Whether the caller counted anything in the period.' }),
      })
      .meta({ description: 'The caller’s own place.' }),
  })
  .meta({ id: 'AgentLeaderboard' });

export const AgentIdParams = z.strictObject({ id: documentId('AGENT_NOT_FOUND', 'The agent’s id (its user id).') });

export const Consolidated = z
  .object({
    agents: count,
    totalReferrals: count,
    completedReferrals: count,
    awaitingPhoneProof: count.meta({ description: 'Referrals whose user has not proven its telephone yet.' }),
    prospectsApproached: count,
    demonstrations: count,
    boutiquesCreees: count,
    abonnementsVendus: count,
    campagnesLancees: count,
    campagnesDemandees: count,
    earnings: z.object({ total: xof, referralSignup: xof, commissionSubscription: xof, commissionPublicite: xof, dailyPresence: xof }),
    totalWithdrawn: xof,
  })
  .meta({ id: 'AgentsConsolidated', description: 'Sums of every agent’s running totals, kept in the shards of agentStats beside them and summed when read.' });

export const MonitorDay = z
  .object({
    dateKey: z.string(),
    zone: z.string().nullable(),
    zoneLocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    prospectsApproached: count,
    demonstrations: count,
    boutiquesCreees: count,
    abonnementsVendus: count,
    campagnesLancees: count,
    campagnesDemandees: count,
    revenueAbonnement: xof,
    revenueCampagne: xof,
    dailyBonusCredited: z.boolean(),
    dailyPresenceBonusXof: xof,
    presenceRefusedReason: PresenceRefusedReason,
    observation: z.string().nullable(),
  })
  .meta({ id: 'AgentMonitorDay' });

export const WithdrawalRequest = z
  .strictObject({
    // min(1), not positive(): the same rule, documented `minimum: 1` as the service applies it (0 is refused).
    montant: z.number().int().min(1).meta({ description: 'XOF withdrawn: a whole number of francs, at least 1.' }),
    note: z.string().trim().min(1).max(500).optional(),
    requestId: documentId('VALIDATION_ERROR', 'Chosen by the client per withdrawal: a retry with the same id withdraws nothing more. Without it, the same amount and note for the same agent on the same business day are one withdrawal.').optional(),
  })
  .meta({ id: 'AgentWithdrawalRequest' });

export const Withdrawal = z
  .object({
    id: z.string(),
    agentId: z.string(),
    montant: xof.meta({ description: 'XOF withdrawn (positive here; the earning holds it negative).' }),
    note: z.string(),
    dateKey: z.string(),
    createdAt: z.string(),
    recordedBy: z.string().optional(),
  })
  .meta({ id: 'AgentWithdrawal' });

export const WithdrawalResult = z
  .object({ created: z.boolean().meta({ description: 'false: this request was recorded before, nothing more withdrawn.' }), withdrawal: Withdrawal })
  .meta({ id: 'AgentWithdrawalResult' });

export const ObservationRequest = z
  .strictObject({ date: DayKey, observation: z.string().trim().min(1).max(1000) })
  .meta({ id: 'AgentObservationRequest' });

export const BackfillRequest = z
  .strictObject({ date: DayKey.optional().meta({ description: 'The day to catch up (default: yesterday in BUSINESS_TIME_ZONE).' }) })
  .meta({ id: 'AgentBackfillRequest' });

export const BackfillResult = z
  .object({
    dateKey: z.string(),
    scanned: count.meta({ description: 'Agents’ days of that date read.' }),
    missing: count.meta({ description: 'Days with a position and no bonus.' }),
    credited: count.meta({ description: 'Bonuses credited by this run.' }),
    refused: count.meta({ description: 'Days whose position earns no bonus (outside the agent’s zone, off the land of the served countries, or not accurate enough): left without one.' }),
  })
  .meta({ id: 'AgentBackfillResult' });
