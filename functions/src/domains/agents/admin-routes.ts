/** `/api/agents` routes of admin levels: statistics, monitoring, zones, withdrawals, observations, backfill. */
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { PaginationQuery, pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import { backfillPresence, consolidated, listWithdrawals, observe, proMonitor, requireAgent, withdraw } from './admin';
import { list as listReferrals, statsOf } from './referrals/view';
import { Referral, ReferralStats } from './referrals/schemas';
import {
  AgentIdParams,
  BackfillRequest,
  BackfillResult,
  Consolidated,
  MonitorDay,
  ObservationRequest,
  Withdrawal,
  WithdrawalRequest,
  WithdrawalResult,
} from './schemas';
import { PresenceZone, PresenceZoneRequest } from './zone/schemas';
import { clearZone, readZone, setZone } from './zone/service';

const tags = ['Agents (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/agents/admin/consolidated',
    operationId: 'getAgentsConsolidatedStats',
    tags,
    summary: 'Consolidated statistics of all agents, summed from their running totals',
    access: 'profile',
    roles: ADMIN_ROLES,
    success: { description: 'Sums over every agent', data: Consolidated },
    handle: () => consolidated(),
  })
  .list({
    method: 'get',
    path: '/api/agents/withdrawals',
    operationId: 'listAgentWithdrawals',
    tags,
    summary: 'Every withdrawal of every agent, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of withdrawals', item: Withdrawal },
    handle: ({ query }) => listWithdrawals(pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/agents/admin/backfill-daily-presence',
    operationId: 'backfillDailyPresence',
    tags,
    summary: 'Credits the presence bonus of a day’s journals that have a position but no bonus',
    description:
      'Default day: yesterday in BUSINESS_TIME_ZONE. Each bonus is the journal’s own earning, so a second run credits nothing. The daily `backfillDailyPresence` schedule runs it for yesterday. ' +
      'The agent’s rule applies, with its zone as set when the run reads it: a position outside the agent’s area (when an admin set one), off the land of the served countries, or less accurate than AGENT_PRESENCE_MAX_ACCURACY_M, earns nothing (`refused`).',
    access: 'profile',
    roles: ADMIN_ROLES,
    body: BackfillRequest,
    success: { description: 'What the run read and credited', data: BackfillResult },
    handle: ({ caller, body }) => backfillPresence(body.date, caller),
  })
  .json({
    method: 'get',
    path: '/api/agents/:id/referral-stats',
    operationId: 'getAgentReferralStats',
    tags,
    summary: 'An agent’s referral statistics, from its running totals',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    errors: ['AGENT_NOT_FOUND'],
    success: { description: 'Counts, earnings by kind and balance', data: ReferralStats },
    handle: async ({ params }) => {
      await requireAgent(params.id);
      return statsOf(params.id);
    },
  })
  .list({
    method: 'get',
    path: '/api/agents/:id/referrals',
    operationId: 'listAgentReferrals',
    tags,
    summary: 'The users an agent referred, newest first',
    access: 'profile',
    reads: pagedReads({ fixed: 1, why: 'the agent’s record, one indexed query for the page (its offset skips at most PAGINATION_MAX_OFFSET, billed as read) and one count for `total`.' }),
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    query: PaginationQuery,
    errors: ['AGENT_NOT_FOUND', 'PAGE_TOO_DEEP'],
    success: { description: 'A page of referrals', item: Referral },
    handle: async ({ params, query }) => {
      await requireAgent(params.id);
      return listReferrals({ referrerId: params.id }, pageRequest(query));
    },
  })
  .list({
    method: 'get',
    path: '/api/agents/:id/pro-monitor',
    operationId: 'listProAgentDays',
    tags,
    summary: 'A Market_pro agent’s days (journal, KPIs, observation), newest first',
    access: 'profile',
    reads: pagedReads({ fixed: 1, why: 'the agent’s record, one indexed query for the page of its days (its offset skips at most PAGINATION_MAX_OFFSET, billed as read) and one count for `total`.' }),
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    query: PaginationQuery,
    errors: ['AGENT_NOT_FOUND', 'AGENT_NOT_MARKET_PRO', 'PAGE_TOO_DEEP'],
    success: { description: 'A page of days', item: MonitorDay },
    handle: ({ params, query }) => proMonitor(params.id, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/agents/:id/withdrawals',
    operationId: 'recordAgentWithdrawal',
    tags,
    summary: 'Records a withdrawal: an earning `withdrawal` (negative) and the wallet’s `retrait`',
    description:
      'Refused when the agent has sold fewer than AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS subscriptions or AGENT_WITHDRAWAL_MIN_CAMPAIGNS campaigns in total (AGENT_WITHDRAWAL_TARGETS_NOT_MET), ' +
      'or when the balance is short (INSUFFICIENT_BALANCE). A request repeated (same `requestId`, or without one the same amount and note the same business day), also in parallel, withdraws once.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    body: WithdrawalRequest,
    errors: ['AGENT_NOT_FOUND', 'AGENT_WITHDRAWAL_TARGETS_NOT_MET', 'INSUFFICIENT_BALANCE'],
    success: { description: 'The withdrawal, and whether this request made it', data: WithdrawalResult },
    handle: ({ caller, params, body }) => withdraw(caller, params.id, body),
  })
  .json({
    method: 'get',
    path: '/api/agents/:id/zone',
    operationId: 'getAgentZone',
    tags,
    summary: 'An agent’s zone: the area its presence bonus needs, or not set',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    errors: ['AGENT_NOT_FOUND'],
    success: { description: 'The zone', data: PresenceZone },
    handle: ({ params }) => readZone(params.id),
  })
  .json({
    method: 'put',
    path: '/api/agents/:id/zone',
    operationId: 'setAgentZone',
    tags,
    summary: 'Sets an agent’s zone as an area (a circle or a polygon): its presence bonus then needs a position inside it',
    description:
      'DOMAIN.md, “Agents’ zones”: the presence bonus needs a position inside the area, on land, accurate enough; outside it the agent’s `POST /me/daily` is answered `bonusRefusedReason: hors_zone_attribuee`, and the backfill refuses it too. ' +
      'A circle is `centre` and `rayonM` (whole metres, 100 to 50,000); a polygon, `polygone` (3 to 200 points, an area, edges not crossing: AGENT_ZONE_POLYGON_INVALID otherwise). The area replaces the previous one whole. ' +
      'Each change enters the audit trail (`agent.zone_set`, the area before and after) in its transaction.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    body: PresenceZoneRequest,
    errors: ['AGENT_NOT_FOUND', 'AGENT_ZONE_POLYGON_INVALID'],
    success: { description: 'The zone as stored', data: PresenceZone },
    handle: ({ caller, params, body }) => setZone(caller, params.id, body),
  })
  .json({
    method: 'delete',
    path: '/api/agents/:id/zone',
    operationId: 'clearAgentZone',
    tags,
    summary: 'Clears an agent’s zone: its presence bonus needs a position on the land of a served country only',
    description: 'Audited (`agent.zone_cleared`) when the agent had an area; clearing an agent without one changes nothing. The agent’s dashboard then says the zone is not set.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    errors: ['AGENT_NOT_FOUND'],
    success: { description: 'The zone, not set', data: PresenceZone },
    handle: ({ caller, params }) => clearZone(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/agents/:id/daily/observation',
    operationId: 'writeAgentDayObservation',
    tags,
    summary: 'Writes an admin’s observation on an agent’s day',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AgentIdParams,
    body: ObservationRequest,
    errors: ['AGENT_NOT_FOUND'],
    success: { description: 'The day', data: MonitorDay },
    handle: ({ caller, params, body }) => observe(caller, params.id, body.date, body.observation),
  });
