import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES, SENIOR_ADMIN_ROLES } from '../../../core/roles';
import { decideDispute } from './decide';
import { Dispute, DisputeDecision, DisputeIdParams, DisputeListQuery, DisputeTake } from './schemas';
import { allDisputes, takeDispute, toDispute } from './service';

const tags = ['Disputes (admin)'];

/** Admins list, take (or assign) and decide disputes (DOMAIN.md, "Disputes"); money decisions are graded and audited. */
export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/admin/litiges',
    operationId: 'listDisputes',
    tags,
    summary: 'Every dispute, newest first, by status or escalated',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: DisputeListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of disputes', item: Dispute },
    handle: ({ query }) => allDisputes(query, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/admin/litiges/:id/prise',
    operationId: 'takeDispute',
    tags,
    summary: 'An admin takes an open dispute, or assigns it to another admin level: `en_examen` (audited)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: DisputeIdParams,
    body: DisputeTake,
    errors: ['DISPUTE_NOT_FOUND', 'INVALID_TRANSITION', 'USER_NOT_FOUND'],
    success: { description: 'The dispute, `en_examen`', data: Dispute },
    handle: async ({ caller, params, body }) => toDispute(params.id, await takeDispute(caller, params.id, body.admin)),
  })
  .json({
    method: 'post',
    path: '/api/admin/litiges/:id/decision',
    operationId: 'decideDispute',
    tags,
    summary: 'Decides a dispute under review: `rembourse` (all or part of the goods’ price back to the buyer, the rest released) or `libere` (released to the sellers), audited',
    description:
      'The admin who took it decides, or `principal` and `superAdmin`; an escalated dispute, or a refund above DISPUTE_ADMIN_MAX_XOF, only `principal` and `superAdmin` (DISPUTE_DECISION_FORBIDDEN). The money moves in the same transaction: held money taken back or released, money released before the dispute taken from the sellers’ balance (as debt when it was paid out), the refund marked on the payment.',
    access: 'profile',
    roles: ADMIN_ROLES,
    conditionalRoles: [
      { roles: SENIOR_ADMIN_ROLES, when: 'the dispute is escalated, taken by another admin, or the refund is above DISPUTE_ADMIN_MAX_XOF', code: 'DISPUTE_DECISION_FORBIDDEN' },
    ],
    params: DisputeIdParams,
    body: DisputeDecision,
    errors: ['DISPUTE_NOT_FOUND', 'INVALID_TRANSITION', 'DISPUTE_DECISION_FORBIDDEN', 'DISPUTE_AMOUNT_TOO_HIGH', 'DISPUTE_SALE_REFUNDED'],
    success: { description: 'The decided dispute', data: Dispute },
    handle: async ({ caller, params, body }) => toDispute(params.id, await decideDispute(caller, params.id, body)),
  });
