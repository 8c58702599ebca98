/** `/api/agents` routes of admin levels: statistics, monitoring, withdrawals, observations, backfill. */
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { PaginationQuery, pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import { backfillPresence, consolidated, listWithdrawals, observe, proMonitor, requireAgent, withdraw } from './admin';
import { list as listReferrals, statsOf } from './referrals/service';
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

const tags = ['Agents (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/agents/admin/consolidated',
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
    tags,
    summary: 'Credits the presence bonus of a day’s journals that have a position but no bonus',
    description:
      'Default day: yesterday in BUSINESS_TIME_ZONE. Each bonus is the journal’s own earning, so a second run credits nothing. The daily `backfillDailyPresence` schedule runs it for yesterday. ' +
      'The agent’s rule applies: a position off the land of the served countries, or less accurate than AGENT_PRESENCE_MAX_ACCURACY_M, earns nothing (`refused`).',
    access: 'profile',
    roles: ADMIN_ROLES,
    body: BackfillRequest,
    success: { description: 'What the run read and credited', data: BackfillResult },
    handle: ({ caller, body }) => backfillPresence(body.date, caller),
  })
  .json({
    method: 'get',
    path: '/api/agents/:id/referral-stats',
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
    method: 'post',
    path: '/api/agents/:id/daily/observation',
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
