/** `/api/agents`: agents made by admin levels; an agent's dashboards and daily journal. */
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import { AGENT_ROLES } from './guards';
import { incrementProspects, recordDaily } from './journal/service';
import { leaderboard } from './leaderboard';
import type { AgentType } from './model';
import { Agent, AgentCreateRequest, Daily, DailyRequest, Dashboard, DashboardQuery, Leaderboard, LeaderboardQuery, ProspectCount } from './schemas';
import { createAgent, dashboard } from './service';

const tags = ['Agents'];

export const router = new ApiRouter().json({
  method: 'post',
  path: '/api/agents',
  operationId: 'createAgent',
  tags: ['Agents (admin)'],
  summary: 'Creates a commercial agent: pro-app login, profile with role agentCommercial, its own referral code',
  description:
    'The login is the synthetic pro email of the telephone. The referral code is unique, also when agents are created at once. ' +
    'A telephone that already has a pro account is refused (TELEPHONE_TAKEN). The admin chooses no password (a `password` field is refused as unknown): the account gets a random one that ' +
    'is never returned, stored or logged, and the agent sets its own through the password reset (`passwordSetup`). The creation enters the audit trail (`agent.created`).',
  access: 'profile',
  roles: ADMIN_ROLES,
  body: AgentCreateRequest,
  errors: ['INVALID_TELEPHONE', 'UNSUPPORTED_COUNTRY', 'TELEPHONE_TAKEN'],
  success: { status: 201, description: 'The agent', data: Agent },
  handle: ({ caller, body }) => createAgent(caller, body),
});

const DASHBOARDS: Array<{ segment: string; operationId: string; wanted?: AgentType; who: string }> = [
  { segment: 'me', operationId: 'getMyAgentDashboard', who: 'any agent' },
  { segment: 'me-pro', operationId: 'getMyProAgentDashboard', wanted: 'Market_pro', who: '`Market_pro` agents' },
  { segment: 'me-market', operationId: 'getMyMarketAgentDashboard', wanted: 'Market', who: '`Market` agents' },
];

for (const { segment, operationId, wanted, who } of DASHBOARDS) {
  router.json({
    method: 'get',
    path: `/api/agents/${segment}/dashboard`,
    operationId,
    tags,
    summary: `The calling agent’s dashboard for a day (${who})`,
    description:
      'Totals, balance and the day’s KPIs (contract rule 2), read from counters kept as things happen: a fixed number of reads whatever the history. ' +
      '`daily.objectifs` holds the targets of the Limits.',
    access: 'profile',
    roles: AGENT_ROLES,
    // The router refuses an agent of another type (AGENT_TYPE_FORBIDDEN), as the declaration says.
    agentTypes: wanted ? [wanted] : undefined,
    query: DashboardQuery,
    success: { description: 'The dashboard', data: Dashboard },
    handle: ({ caller, query }) => dashboard(caller, query.date),
  });
}

const LEADERBOARDS: Array<{ path: string; operationId: string; wanted?: AgentType; who: string }> = [
  { path: '/api/agents/leaderboard', operationId: 'getAgentLeaderboard', who: 'every agent' },
  { path: '/api/agents/me-pro/leaderboard', operationId: 'getProAgentLeaderboard', wanted: 'Market_pro', who: '`Market_pro` agents' },
  { path: '/api/agents/me-market/leaderboard', operationId: 'getMarketAgentLeaderboard', wanted: 'Market', who: '`Market` agents' },
];

for (const { path, operationId, wanted, who } of LEADERBOARDS) {
  router.json({
    method: 'get',
    path,
    operationId,
    tags,
    summary: `Ranking of ${who} for a day, an ISO week or a month, with the caller’s own rank`,
    description:
      'Score = abonnementsVendus × 3 + campagnesLancees × 2 + boutiquesCreees × 2 + demonstrations of the period; ties by the commissions earned in it. ' +
      'Read from per-period counters: one page, the caller’s document and five counts at most (the total, and two for each rank computed: the caller’s, and past the first page the page’s first entry).',
    access: 'profile',
    roles: AGENT_ROLES,
    agentTypes: wanted ? [wanted] : undefined,
    query: LeaderboardQuery,
    reads: pagedReads({
      counts: 5,
      fixed: 1,
      why: 'one page of the period’s counters (its offset skips at most PAGINATION_MAX_OFFSET, billed as read), the caller’s own counter, one count aggregation for `total` and two for each rank computed, the caller’s and, past the first page, the page’s first entry (each one read per 1,000 agents of the period begun: counted here up to 3,000).',
    }),
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of the ranking and the caller’s place', data: Leaderboard },
    handle: ({ caller, query }) => leaderboard(caller, { period: query.period, date: query.date }, pageRequest(query), wanted),
  });
}

router
  .json({
    method: 'post',
    path: '/api/agents/me/daily',
    operationId: 'recordMyDailyPresence',
    tags,
    summary: 'Records today’s zone and GPS position; a day’s first position that earns credits the presence bonus',
    description:
      'With `zoneLocation` (both `lat` and `lng`) the presence bonus (`daily_presence`, AGENT_DAILY_PRESENCE_BONUS_XOF) is credited to the agent’s wallet once per business day, ' +
      'however many calls, at once or not, when the position earns: inside the agent’s zone when an admin set one as an area (`PUT /api/agents/{id}/zone`; the dashboard’s `agent.presenceZone`), ' +
      'on the land of a country of `GET /api/geo/countries` (within AGENT_PRESENCE_COAST_TOLERANCE_M of its coast), ' +
      'and, when `zoneLocation.accuracy` is given, no worse than AGENT_PRESENCE_MAX_ACCURACY_M. A position that does not earn is recorded all the same; ' +
      '`bonusRefusedReason` says why the day has no bonus (`hors_zone_attribuee`, `hors_zone`, `precision_insuffisante`). Later calls update the zone and position.',
    access: 'profile',
    roles: AGENT_ROLES,
    body: DailyRequest,
    success: { description: 'Today’s journal', data: Daily },
    handle: ({ caller, body }) => recordDaily(caller, body),
  })
  .json({
    method: 'post',
    path: '/api/agents/me/daily/prospects/increment',
    operationId: 'countMyProspect',
    tags,
    summary: 'Counts one more prospect approached today (atomic)',
    access: 'profile',
    roles: AGENT_ROLES,
    success: { description: 'Today’s count', data: ProspectCount },
    handle: ({ caller }) => incrementProspects(caller),
  });
