/**
 * The stored shapes of the agents domain: an agent's record and running totals (`agents/{uid}`),
 * its days (`agentDays/{agentId}_{YYYY-MM-DD}`, journal and daily counters), its earnings
 * (`agentEarnings/{type}_{reference}`) and the tallies that make a counted fact count once.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import type { BoundingBox } from '../geo';

// Declared in core: routes name the agent types they serve, and the router checks them.
import type { AgentType } from '../../core/roles';
export { AGENT_TYPES, type AgentType } from '../../core/roles';

/**
 * The daily KPIs of the contract's rule 2, each a counter of the agent's day, increased when the
 * counted thing happens (never computed by a scan).
 */
export const DAY_COUNTERS = [
  'prospectsApproached',
  'demonstrations',
  'boutiquesCreees',
  'abonnementsVendus',
  'campagnesLancees',
  'campagnesDemandees',
  'revenueAbonnement',
  'revenueCampagne',
] as const;
export type DayCounter = (typeof DAY_COUNTERS)[number];

/** `agentDays/{agentId}_{dateKey}`: one agent's business day. Counters absent from the document are 0. */
export interface AgentDayDocument extends Partial<Record<DayCounter, number>> {
  agentId: string;
  /** `YYYY-MM-DD` in BUSINESS_TIME_ZONE. */
  dateKey: string;
  dailyBonusCredited?: boolean;
  dailyPresenceBonusXof?: number;
  /** Journal: where the agent works that day, as it said last. */
  zone?: string | null;
  zoneLocation?: { lat: number; lng: number } | null;
  /** The accuracy the app gave with `zoneLocation` (metres), null when it gave none. */
  zoneAccuracyM?: number | null;
  locatedAt?: Timestamp;
  /** Why the day's last position would earn no presence bonus (journal/presence.ts); null when it would, or the day has none. */
  presenceRefusedReason?: 'hors_zone' | 'hors_zone_attribuee' | 'precision_insuffisante' | null;
  /** An admin's observation on the day (`POST /api/agents/{id}/daily/observation`). */
  observation?: string;
  observationBy?: string;
  observationAt?: Timestamp;
  updatedAt: Timestamp;
}

/**
 * The agent's running totals: everything the dashboards, the statistics and the withdrawal rule
 * read without scanning the history.
 */
export const TOTAL_COUNTERS = [
  'totalReferrals',
  'completedReferrals',
  /** Sum of every positive earning (XOF). */
  'totalEarnings',
  /** Sum of the withdrawals (XOF, positive). */
  'totalWithdrawn',
  'boutiquesCreees',
  'abonnementsVendus',
  'campagnesLancees',
  'campagnesDemandees',
  'demonstrations',
  'prospectsApproached',
  'revenueAbonnement',
  'revenueCampagne',
  'referralSignupEarnings',
  'presenceBonusEarnings',
  /** Referrals whose user has not proven its telephone yet: counted in totalReferrals, paid nothing. */
  'awaitingPhoneProof',
] as const;
export type TotalCounter = (typeof TOTAL_COUNTERS)[number];

/** A position in degrees, as agents send theirs (`zoneLocation`). */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * An agent's zone as an area (DOMAIN.md, "Agents' zones"), as admin levels set it (zone/): a circle
 * (its centre and radius in metres) or a polygon (its ring open and checked by geo/outline.ts, with
 * its bounding box, the cheap test before the polygon's).
 */
export type PresenceArea = { centre: LatLng; rayonM: number } | { polygone: LatLng[]; bbox: BoundingBox };

/** `agents/{uid}`. Agents made by an operator before this record existed have only their totals. */
export interface AgentDocument extends Partial<Record<TotalCounter, number>> {
  typeAgent?: AgentType;
  /** Where the agent works, as a name (`POST /api/agents`). */
  zone?: string;
  /** The area its presence bonus needs; absent or null: not set, the land rule alone (journal/presence.ts). */
  presenceZone?: PresenceArea | null;
  /** When and by whom the area was last set or cleared. */
  presenceZoneAt?: Timestamp | null;
  presenceZoneBy?: string | null;
  referralCode?: string;
  createdBy?: string;
  createdAt?: Timestamp;
  updatedAt: Timestamp;
}

export const EARNING_TYPES = ['referral_signup', 'commission_subscription', 'commission_publicite', 'daily_presence', 'withdrawal'] as const;
export type EarningType = (typeof EARNING_TYPES)[number];

/** `agentEarnings/{type}_{reference}`: written with the agent's wallet entry, in one transaction, once. */
export interface EarningDocument {
  agentId: string;
  type: EarningType;
  /** XOF; negative for a withdrawal. */
  montant: number;
  /** The business fact: a referred user, a payment, `{agentId}_{day}`, a withdrawal. */
  reference: string;
  description: string;
  /** The business day it counts in. */
  dateKey: string;
  /** The referred user it comes from, when it does. */
  sourceUserId: string | null;
  paymentId: string | null;
  /** When a commission was taken back because its payment's money went back. */
  reprisLe?: Timestamp;
  createdAt: Timestamp;
}

/** `agentStats/all`, `agentStats/all_{n}`: shards of the sums of every agent's totals, and of the number of agents (repository.ts). */
export interface AgentStatsDocument extends Partial<Record<TotalCounter | 'agents', number>> {
  updatedAt: Timestamp;
}

/** `agentTallies/{fact}_{id}`: this fact was counted on its agent's counters. */
export interface TallyDocument {
  agentId: string;
  /** For a person's sign-up bonus (`referral_signup_person_{e164}`, referrals/person.ts): the referred account that earned it. */
  referredId?: string;
  createdAt: Timestamp;
}

export const earningId = (type: EarningType, reference: string) => `${type}_${reference}`;
export const dayId = (agentId: string, dateKey: string) => `${agentId}_${dateKey}`;

/** The leaderboards' periods: a business day, an ISO week (`YYYY-Www`), a month (`YYYY-MM`). */
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * The leaderboard score: what an agent sold and showed in the period, the things that bring the
 * marketplace revenue weighing most. Ties are broken by the commissions earned in the period.
 */
export const SCORE_WEIGHTS = { abonnementsVendus: 3, campagnesLancees: 2, boutiquesCreees: 2, demonstrations: 1 } as const satisfies Partial<Record<DayCounter, number>>;
export type ScoredCounter = keyof typeof SCORE_WEIGHTS;

/** `agentPeriods/{period}_{periodKey}_{agentId}`: one agent's counters of one period. */
export interface AgentPeriodDocument extends Partial<Record<ScoredCounter, number>> {
  agentId: string;
  period: Period;
  periodKey: string;
  /** `{period}_{periodKey}`: the leaderboard this document ranks in. */
  bucket: string;
  /** Stored so the `me-pro` and `me-market` leaderboards filter on it. */
  typeAgent?: AgentType | null;
  score?: number;
  /** Commissions credited in the period (XOF): the tie-break. */
  earnings?: number;
  updatedAt: Timestamp;
}

/** ISO 8601 week of a calendar day (`YYYY-MM-DD`, already a business day): `YYYY-Www`. */
export function isoWeekOf(dateKey: string): string {
  const date = new Date(`${dateKey}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The week's Thursday decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export function periodKeyOf(period: Period, dateKey: string): string {
  if (period === 'day') return dateKey;
  if (period === 'month') return dateKey.slice(0, 7);
  return isoWeekOf(dateKey);
}

export const bucketOf = (period: Period, periodKey: string) => `${period}_${periodKey}`;
export const periodId = (period: Period, periodKey: string, agentId: string) => `${bucketOf(period, periodKey)}_${agentId}`;
