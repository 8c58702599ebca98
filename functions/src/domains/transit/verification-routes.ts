import { ApiRouter } from '../../core/http';
import { pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import { DemandesQuery, RejectVerification, UserIdParams, VerificationState, VerificationSubmit } from './verification-schemas';
import * as verification from './verification-service';

const base = '/api/transitaires/verification';
const tags = ['Forwarder verification'];
const state = (description: string) => ({ description, data: VerificationState });

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: `${base}/status`,
    tags,
    summary: 'Verification status of the calling forwarder',
    access: 'profile',
    roles: ['transitaire'],
    success: state('The status and the file'),
    handle: ({ caller }) => verification.status(caller),
  })
  .json({
    method: 'post',
    path: `${base}/submit`,
    tags,
    summary: 'Submits the file: identity card front and back (uploaded images) and company data',
    description: 'A new or rejected file can be submitted; a pending or approved one cannot (409).',
    access: 'profile',
    roles: ['transitaire'],
    body: VerificationSubmit,
    errors: ['INVALID_TRANSITION'],
    success: state('The pending file'),
    handle: ({ caller, body }) => verification.submit(caller, body),
  })
  .list({
    method: 'get',
    path: `${base}/admin/demandes`,
    tags: ['Forwarder verification (admin)'],
    summary: 'Verification requests by status (pending by default), most recent first',
    access: 'profile',
    roles: ADMIN_ROLES,
    query: DemandesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests', item: VerificationState },
    handle: ({ query }) => verification.demandes(query.statut, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: `${base}/admin/demandes/:userId`,
    tags: ['Forwarder verification (admin)'],
    summary: 'One forwarder’s request',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    errors: ['USER_NOT_FOUND'],
    success: state('The request'),
    handle: ({ params }) => verification.demande(params.userId),
  })
  .json({
    method: 'patch',
    path: `${base}/admin/demandes/:userId/approve`,
    tags: ['Forwarder verification (admin)'],
    summary: 'Approves a pending request (identity card front and back required)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    errors: ['USER_NOT_FOUND', 'INVALID_TRANSITION'],
    success: state('The approved request'),
    handle: ({ caller, params }) => verification.approve(caller, params.userId),
  })
  .json({
    method: 'patch',
    path: `${base}/admin/demandes/:userId/reject`,
    tags: ['Forwarder verification (admin)'],
    summary: 'Rejects a pending request with a reason',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    body: RejectVerification,
    errors: ['USER_NOT_FOUND', 'INVALID_TRANSITION'],
    success: state('The rejected request'),
    handle: ({ caller, params, body }) => verification.reject(caller, params.userId, body.rejectionMotif),
  });
