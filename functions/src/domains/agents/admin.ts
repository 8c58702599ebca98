/**
 * Admin levels' view of the agents: consolidated statistics (the shards of `agentStats`, moved with
 * every agent's running totals), an agent's referral statistics and referred users, the days of a `Market_pro` agent,
 * withdrawals, observations on a day, and the presence backfill. Every read is bounded: a page, a
 * document, or aggregations.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { audit, type AuditActor } from '../../core/audit';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { COLLECTIONS, getAll } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import { credit } from './earnings';
import { presenceRefusal } from './journal/presence';
import { type AgentDayDocument, type AgentDocument, type AgentStatsDocument, earningId, type EarningDocument, type PresenceArea } from './model';
import { agentRef, dayRef, days, earningRef, earnings, statsShardRefs } from './repository';
import type { BackfillResult, Consolidated, MonitorDay, Withdrawal, WithdrawalRequest } from './schemas';

/** The agent of an admin route's `{id}`, or AGENT_NOT_FOUND. */
export async function requireAgent(id: string): Promise<AgentDocument> {
  const agent = (await agentRef(id).get()).data();
  if (!agent) throw new ApiError('AGENT_NOT_FOUND');
  return agent;
}

/** Sums of every agent's running totals: the shards of `agentStats`, moved with each agent's totals, summed. */
export async function consolidated(): Promise<z.input<typeof Consolidated>> {
  const shards = (await getAll(statsShardRefs())).map((shard) => shard.data());
  const n = (field: Exclude<keyof AgentStatsDocument, 'updatedAt'>) => shards.reduce((sum, shard) => sum + Number(shard?.[field] ?? 0), 0);
  return {
    agents: n('agents'),
    totalReferrals: n('totalReferrals'),
    completedReferrals: n('completedReferrals'),
    awaitingPhoneProof: n('awaitingPhoneProof'),
    prospectsApproached: n('prospectsApproached'),
    demonstrations: n('demonstrations'),
    boutiquesCreees: n('boutiquesCreees'),
    abonnementsVendus: n('abonnementsVendus'),
    campagnesLancees: n('campagnesLancees'),
    campagnesDemandees: n('campagnesDemandees'),
    earnings: {
      total: n('totalEarnings'),
      referralSignup: n('referralSignupEarnings'),
      commissionSubscription: n('revenueAbonnement'),
      commissionPublicite: n('revenueCampagne'),
      dailyPresence: n('presenceBonusEarnings'),
    },
    totalWithdrawn: n('totalWithdrawn'),
  };
}

function toMonitorDay(day: AgentDayDocument): z.input<typeof MonitorDay> {
  return {
    dateKey: day.dateKey,
    zone: day.zone ?? null,
    zoneLocation: day.zoneLocation ?? null,
    prospectsApproached: day.prospectsApproached ?? 0,
    demonstrations: day.demonstrations ?? 0,
    boutiquesCreees: day.boutiquesCreees ?? 0,
    abonnementsVendus: day.abonnementsVendus ?? 0,
    campagnesLancees: day.campagnesLancees ?? 0,
    campagnesDemandees: day.campagnesDemandees ?? 0,
    revenueAbonnement: day.revenueAbonnement ?? 0,
    revenueCampagne: day.revenueCampagne ?? 0,
    dailyBonusCredited: day.dailyBonusCredited ?? false,
    dailyPresenceBonusXof: day.dailyPresenceBonusXof ?? 0,
    presenceRefusedReason: day.dailyBonusCredited ? null : (day.presenceRefusedReason ?? null),
    observation: day.observation ?? null,
  };
}

/** A `Market_pro` agent's days, newest first (AGENT_NOT_MARKET_PRO for another type). */
export async function proMonitor(agentId: string, page: PageRequest) {
  const agent = await requireAgent(agentId);
  if (agent.typeAgent !== 'Market_pro') throw new ApiError('AGENT_NOT_MARKET_PRO');
  const { docs, total } = await readPage(days().where('agentId', '==', agentId).orderBy('dateKey', 'desc'), page);
  return toPage(
    page,
    docs.map((doc) => toMonitorDay(doc.data())),
    total,
  );
}

/** An admin's observation on an agent's day (the day is made if the agent has none yet). */
export async function observe(caller: ProfileCaller, agentId: string, dateKey: string, observation: string): Promise<z.input<typeof MonitorDay>> {
  await requireAgent(agentId);
  const ref = dayRef(agentId, dateKey);
  const at = Timestamp.fromDate(now());
  await ref.set({ agentId, dateKey, observation, observationBy: caller.uid, observationAt: at, updatedAt: at }, { merge: true });
  const day = (await ref.get()).data();
  return toMonitorDay(day ?? { agentId, dateKey, observation, updatedAt: at });
}

function toWithdrawal(id: string, earning: EarningDocument): z.input<typeof Withdrawal> {
  return { id, agentId: earning.agentId, montant: -earning.montant, note: earning.description, dateKey: earning.dateKey, createdAt: earning.createdAt.toDate().toISOString() };
}

/**
 * A withdrawal: the earning `withdrawal` (negative) and the wallet's `retrait`, once per request.
 * Its reference is the agent and the client's `requestId`, or without one a digest of the agent,
 * the amount, the note and the business day: a retried or doubled request finds the earning and
 * withdraws nothing more (`created: false`).
 */
export async function withdraw(caller: ProfileCaller, agentId: string, input: z.output<typeof WithdrawalRequest>) {
  await requireAgent(agentId);
  const settings = config();
  const dateKey = businessDay(now(), settings.BUSINESS_TIME_ZONE);
  const note = input.note ?? 'Retrait';
  const key = input.requestId ?? createHash('sha256').update(JSON.stringify([agentId, input.montant, note, dateKey])).digest('hex').slice(0, 32);
  const reference = `${agentId}_${key}`;
  const ref = earningRef(earningId('withdrawal', reference));
  return runTransaction(async (tx) => {
    const [existing, agent] = await Promise.all([tx.get(ref), tx.get(agentRef(agentId))]);
    const before = existing.data();
    if (before) return { created: false, withdrawal: toWithdrawal(ref.id, before) };
    const totals = agent.data();
    if ((totals?.abonnementsVendus ?? 0) < settings.AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS || (totals?.campagnesLancees ?? 0) < settings.AGENT_WITHDRAWAL_MIN_CAMPAIGNS) {
      throw new ApiError('AGENT_WITHDRAWAL_TARGETS_NOT_MET');
    }
    await credit(tx, { agentId, type: 'withdrawal', reference, montant: -input.montant, description: note, dateKey });
    audit(tx, {
      actor: caller,
      action: 'agent.withdrawal_recorded',
      target: { collection: COLLECTIONS.agentEarnings, id: ref.id },
      before: null,
      after: { agentId, montant: -input.montant, description: note, dateKey },
      reason: input.note ?? null,
    });
    return {
      created: true,
      withdrawal: { id: ref.id, agentId, montant: input.montant, note, dateKey, createdAt: now().toISOString(), recordedBy: caller.uid },
    };
  });
}

/** Every withdrawal, newest first. */
export async function listWithdrawals(page: PageRequest) {
  const { docs, total } = await readPage(earnings().where('type', '==', 'withdrawal').orderBy('createdAt', 'desc'), page);
  return toPage(
    page,
    docs.map((doc) => toWithdrawal(doc.id, doc.data())),
    total,
  );
}

/** The zones of the agents of these days (one batched read): the area each one's presence needs, as set now. */
async function areasOf(located: AgentDayDocument[]): Promise<Map<string, PresenceArea | null | undefined>> {
  const agentIds = [...new Set(located.map((day) => day.agentId))];
  const records = agentIds.length > 0 ? await getAll(agentIds.map((agentId) => agentRef(agentId))) : [];
  return new Map(records.map((record) => [record.id, record.data()?.presenceZone]));
}

/** Days read per page by the backfill. */
const BACKFILL_PAGE = 200;

/**
 * Credits the presence bonus of the days of `dateKey` (default yesterday, business time zone) whose
 * journal has a position that earns (journal/presence.ts, the agent's own rule, with the agent's
 * zone as it is set when the backfill runs) but no bonus: the
 * days of that date are read by pages of document ids, and each credit is the journal's own
 * (`daily_presence_{agentId}_{day}`), so a second run, or a run beside the agent's own call,
 * credits nothing more. A position that does not earn is left without a bonus and counted `refused`.
 */
export async function backfillPresence(date?: string, actor?: AuditActor): Promise<z.input<typeof BackfillResult>> {
  const settings = config();
  const dateKey = date ?? businessDay(new Date(now().getTime() - 86_400_000), settings.BUSINESS_TIME_ZONE);
  const bonus = settings.AGENT_DAILY_PRESENCE_BONUS_XOF;
  let scanned = 0;
  let located = 0;
  let credited = 0;
  let refused = 0;
  let after: string | undefined;
  for (;;) {
    let query = days().where('dateKey', '==', dateKey).orderBy('__name__').limit(BACKFILL_PAGE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    const areas = await areasOf(page.docs.map((doc) => doc.data()).filter((day) => day.zoneLocation && !day.dailyBonusCredited));
    for (const doc of page.docs) {
      scanned += 1;
      const day = doc.data();
      if (!day.zoneLocation || day.dailyBonusCredited) continue;
      located += 1;
      if (await presenceRefusal(day.zoneLocation, day.zoneAccuracyM, areas.get(day.agentId))) {
        refused += 1;
        continue;
      }
      const reference = `${day.agentId}_${dateKey}`;
      const done = await runTransaction(async (tx) => {
        const credited = await credit(tx, { agentId: day.agentId, type: 'daily_presence', reference, montant: bonus, description: `Bonus de présence du ${dateKey}`, dateKey });
        // Run by an admin (not the schedule): each credit it made is the admin's, in the credit's transaction.
        if (credited && actor) {
          const target = { collection: COLLECTIONS.agentEarnings, id: earningId('daily_presence', reference) };
          audit(tx, { actor, action: 'agent.presence_backfilled', target, before: null, after: { agentId: day.agentId, montant: bonus, dateKey } });
        }
        return credited;
      });
      if (done) credited += 1;
    }
    if (page.size < BACKFILL_PAGE) break;
    after = page.docs[page.docs.length - 1].id;
  }
  return { dateKey, scanned, missing: located, credited, refused };
}
