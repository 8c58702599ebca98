/** `/api/referrals`: an agent's referrals and statistics; every referral for admin levels. */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { MyReferralsQuery, Referral, ReferralIdParams, ReferralsQuery, ReferralStats } from './schemas';
import { list, one, statsOf } from './view';

const tags = ['Referrals'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/referrals/me',
    operationId: 'listMyReferrals',
    tags,
    summary: 'The calling agent’s referrals, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['agentCommercial'],
    query: MyReferralsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of referrals', item: Referral },
    handle: ({ caller, query }) => list({ referrerId: caller.uid, statut: query.statut }, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/referrals/me/stats',
    operationId: 'getMyReferralStats',
    tags,
    summary: 'The calling agent’s referral statistics, from its running totals',
    access: 'profile',
    roles: ['agentCommercial'],
    success: { description: 'Counts, earnings by kind and balance', data: ReferralStats },
    handle: ({ caller }) => statsOf(caller.uid),
  })
  .list({
    method: 'get',
    path: '/api/referrals',
    operationId: 'listReferrals',
    tags: ['Referrals (admin)'],
    summary: 'Every referral, newest first, by agent or status',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: ReferralsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of referrals', item: Referral },
    handle: ({ query }) => list({ referrerId: query.referrerId, statut: query.statut }, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/referrals/:id',
    operationId: 'getReferral',
    tags,
    summary: 'One referral (its agent, or admin levels)',
    access: 'profile',
    roles: ['agentCommercial', ...ADMIN_ROLES],
    params: ReferralIdParams,
    errors: ['REFERRAL_NOT_FOUND'],
    success: { description: 'The referral', data: Referral },
    handle: ({ caller, params }) => one(caller, params.id),
  });
