/**
 * Commercial agents: made by admin levels (an identity account on the pro app with its own
 * referral code, and the agent's record, in one transaction), and their dashboards, read from
 * counters: the agent's record, its day and its wallet, whatever its history.
 */
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { businessDay, now } from '../../core/clock';
import { audit } from '../../core/audit';
import { config } from '../../core/config';
import { COLLECTIONS } from '../../core/firestore';
import { createAgentAccount } from '../identity';
import { balanceOf } from '../wallet';
import { drawReferralCode } from './codes';
import { agentTypeOf } from './guards';
import { agentAndDay, createAgentRecord } from './repository';
import type { Agent, AgentCreateRequest, Dashboard } from './schemas';
import { zoneView } from './zone/area';

/** Today, as a business day (BUSINESS_TIME_ZONE). */
export const today = () => businessDay(now(), config().BUSINESS_TIME_ZONE);

export async function createAgent(caller: ProfileCaller, input: z.output<typeof AgentCreateRequest>): Promise<z.input<typeof Agent>> {
  const at = now();
  const { uid, profile } = await createAgentAccount(
    { telephone: input.telephone, pays: input.pays, nom: input.nom, prenoms: input.prenoms, typeAgent: input.typeAgent },
    {
      draw: drawReferralCode,
      alsoIn: (tx, agentId, referralCode, user) => {
        createAgentRecord(tx, agentId, { typeAgent: input.typeAgent, zone: input.zone, referralCode, createdBy: caller.uid }, at);
        // An admin gives an account the role agentCommercial (and a referral code that earns): audited.
        audit(tx, {
          actor: caller,
          action: 'agent.created',
          target: { collection: COLLECTIONS.users, id: agentId },
          before: null,
          after: { role: user.role, typeAgent: input.typeAgent, zone: input.zone, referralCode, telephone: user.telephone },
        });
      },
    },
  );
  return {
    id: uid,
    telephone: profile.telephone,
    email: profile.email,
    nom: profile.nom,
    prenoms: profile.prenoms,
    typeAgent: input.typeAgent,
    zone: input.zone,
    referralCode: profile.referralCode ?? '',
    createdAt: profile.createdAt.toDate().toISOString(),
    passwordSetup: { method: 'password_reset', steps: ['POST /api/push-otp/request', 'POST /api/push-otp/verify-code', 'POST /api/push-otp/reset-password'] },
  };
}

/** The targets of the contract's Limits, from configuration. */
export function objectifs() {
  const settings = config();
  return {
    prospectsParJour: settings.AGENT_TARGET_PROSPECTS_PER_DAY,
    abonnementsAvantRetrait: settings.AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS,
    campagnesAvantRetrait: settings.AGENT_WITHDRAWAL_MIN_CAMPAIGNS,
  };
}

/**
 * The dashboard of a day (default today): three document reads (the agent's record, its day, its
 * wallet) besides the caller's profile, however many days and earnings lie behind them. The type a
 * `me-pro` or `me-market` route requires is the router's check (its `agentTypes`).
 */
export async function dashboard(caller: ProfileCaller, date: string | undefined): Promise<z.input<typeof Dashboard>> {
  const typeAgent = agentTypeOf(caller);
  const dateKey = date ?? today();
  const [{ agent, day }, balance] = await Promise.all([agentAndDay(caller.uid, dateKey), balanceOf(caller.uid)]);
  const profileCode: unknown = caller.profile.referralCode;
  return {
    agent: { id: caller.uid, typeAgent, referralCode: agent?.referralCode ?? (typeof profileCode === 'string' ? profileCode : ''), presenceZone: zoneView(agent) },
    stats: {
      totalReferrals: agent?.totalReferrals ?? 0,
      completedReferrals: agent?.completedReferrals ?? 0,
      awaitingPhoneProof: agent?.awaitingPhoneProof ?? 0,
      totalEarnings: agent?.totalEarnings ?? 0,
      currentBalance: balance,
    },
    daily: {
      dateKey,
      prospectsApproached: day?.prospectsApproached ?? 0,
      demonstrations: day?.demonstrations ?? 0,
      boutiquesCreees: day?.boutiquesCreees ?? 0,
      abonnementsVendus: day?.abonnementsVendus ?? 0,
      campagnesLancees: day?.campagnesLancees ?? 0,
      revenueAbonnement: day?.revenueAbonnement ?? 0,
      revenueCampagne: day?.revenueCampagne ?? 0,
      dailyBonusCredited: day?.dailyBonusCredited ?? false,
      dailyPresenceBonusXof: day?.dailyPresenceBonusXof ?? 0,
      objectifs: objectifs(),
    },
  };
}
