/**
 * Demonstration tracking. An event is stored at `demoEvents/{eventType}_{sessionKey}` with the
 * last time it was seen; a second one within DEMO_EVENT_DEDUP_MS finds it in the same transaction
 * and is ignored, so parallel duplicates record one. The user's agent gets a demonstration when
 * `demoCooldowns/{agentId}_{uid}` says none counted within DEMO_COOLDOWN_MINUTES, in that same
 * transaction: the day's `demonstrations` counter and the agent's total move once.
 *
 * Many users of one agent demonstrate at once: the transaction reads only the user's own documents
 * (its session's event, its cooldown with the agent), and moves the agent's counters by blind
 * increments. The agent's record (that it exists, its type for the leaderboard) is read before,
 * outside it: an agent is never deleted and its type is set when it is made, so no transaction of
 * one agent's users reads (and locks) the document they all write.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { getUser } from '../../identity';
import { agentRef, writeDay, writeTotals } from '../repository';
import { findReferral } from '../referrals/repository';
import type { DEMO_EVENT_TYPES, DemoEventResult } from './schemas';

type DemoEventType = (typeof DEMO_EVENT_TYPES)[number];

interface DemoEventDocument {
  eventType: DemoEventType;
  sessionKey: string;
  uid: string;
  agentId: string | null;
  firstAt: Timestamp;
  lastAt: Timestamp;
  /** Times the event was recorded (deduplicated ones excluded). */
  count: number;
}

interface DemoCooldownDocument {
  agentId: string;
  uid: string;
  lastCountedAt: Timestamp;
}

const events = () => collection<DemoEventDocument>(COLLECTIONS.demoEvents);
const cooldowns = () => collection<DemoCooldownDocument>(COLLECTIONS.demoCooldowns);

/** The session of a token: its user and authentication time, which a refreshed token keeps. */
export const sessionKeyOf = (caller: { uid: string; authTime: number }) => `${caller.uid}_${caller.authTime}`;

/** The user's agent: its referral's referrer, or the agent its account was linked to at sign-up. */
async function agentOf(uid: string): Promise<string | null> {
  const referral = await findReferral(uid);
  if (referral) return referral.referrerId;
  return (await getUser(uid))?.referredBy?.agentId ?? null;
}

export async function track(caller: ProfileCaller, eventType: DemoEventType): Promise<z.input<typeof DemoEventResult>> {
  const sessionKey = sessionKeyOf(caller);
  const agentId = await agentOf(caller.uid);
  const settings = config();
  const eventRef = events().doc(`${eventType}_${sessionKey}`);
  const cooldownRef = agentId ? cooldowns().doc(`${agentId}_${caller.uid}`) : null;
  const agent = agentId ? await agentRef(agentId).get() : null;
  const outcome = await runTransaction(async (tx) => {
    const at = now();
    const [event, cooldown] = await Promise.all([tx.get(eventRef), cooldownRef ? tx.get(cooldownRef) : Promise.resolve(null)]);
    const seen = event.data();
    if (seen && at.getTime() - seen.lastAt.toMillis() < settings.DEMO_EVENT_DEDUP_MS) return 'deduplicated' as const;
    const stamp = Timestamp.fromDate(at);
    tx.set(eventRef, { eventType, sessionKey, uid: caller.uid, agentId, firstAt: seen?.firstAt ?? stamp, lastAt: stamp, count: (seen?.count ?? 0) + 1 });
    if (!agentId || !cooldownRef || !agent?.exists) return 'recorded' as const;
    const last = cooldown?.data()?.lastCountedAt;
    if (last && at.getTime() - last.toMillis() < settings.DEMO_COOLDOWN_MINUTES * 60_000) return 'recorded' as const;
    tx.set(cooldownRef, { agentId, uid: caller.uid, lastCountedAt: stamp });
    writeDay(tx, agentId, businessDay(at, settings.BUSINESS_TIME_ZONE), { demonstrations: 1 }, {}, at, agent.data()?.typeAgent ?? null);
    writeTotals(tx, agentId, { demonstrations: 1 }, at);
    return 'counted' as const;
  });
  return { status: outcome, eventType, sessionKey, agentId };
}
