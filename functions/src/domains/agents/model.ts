/**
 * The stored shapes of the agents domain: an agent's record and running totals (`agents/{uid}`),
 * its days (`agentDays/{agentId}_{YYYY-MM-DD}`, journal and daily counters), its earnings
 * (`agentEarnings/{type}_{reference}`) and the tallies that make a counted fact count once.
 */
import type { Timestamp } from 'firebase-admin/firestore';

export const AGENT_TYPES = ['Market_pro', 'Market'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

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
  locatedAt?: Timestamp;
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
] as const;
export type TotalCounter = (typeof TOTAL_COUNTERS)[number];

/** `agents/{uid}`. Agents made by an operator before this record existed have only their totals. */
export interface AgentDocument extends Partial<Record<TotalCounter, number>> {
  typeAgent?: AgentType;
  zone?: string;
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
  createdAt: Timestamp;
}

/** `agentTallies/{fact}_{id}`: this fact was counted on its agent's counters. */
export interface TallyDocument {
  agentId: string;
  createdAt: Timestamp;
}

export const earningId = (type: EarningType, reference: string) => `${type}_${reference}`;
export const dayId = (agentId: string, dateKey: string) => `${agentId}_${dateKey}`;
