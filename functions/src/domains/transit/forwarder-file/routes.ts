/** The forwarder file (/api/transitaires/verification): the forwarder's identity file, from submission to the admin's decision. */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { AdminForwarderFileState, DemandesQuery, RejectForwarderFile, UserIdParams, ForwarderFileState, ForwarderFileSubmit } from './schemas';
import * as forwarderFile from './service';

const base = '/api/transitaires/verification';
const tags = ['Forwarder verification'];
const state = (description: string) => ({ description, data: ForwarderFileState });

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: `${base}/status`,
    operationId: 'getMyForwarderVerification',
    tags,
    summary: 'Verification status of the calling forwarder',
    access: 'profile',
    roles: ['transitaire'],
    success: state('The status and the file'),
    handle: ({ caller }) => forwarderFile.status(caller),
  })
  .json({
    method: 'post',
    path: `${base}/submit`,
    operationId: 'submitForwarderVerification',
    tags,
    summary: 'Submits the file: identity card front and back (the caller’s uploads to POST /api/upload/kyc) and company data',
    description:
      'A new or rejected file can be submitted; a pending or approved one cannot (409). Each card must be one of the caller’s own stored identity cards (`kyc/{uid}/...`): another user’s path is KYC_FILE_NOT_OWNED, a path never uploaded KYC_FILE_NOT_UPLOADED.',
    access: 'profile',
    roles: ['transitaire'],
    body: ForwarderFileSubmit,
    errors: ['INVALID_TRANSITION', 'KYC_FILE_NOT_OWNED', 'KYC_FILE_NOT_UPLOADED'],
    success: state('The pending file'),
    handle: ({ caller, body }) => forwarderFile.submit(caller, body),
  })
  .list({
    method: 'get',
    path: `${base}/admin/demandes`,
    operationId: 'listForwarderVerifications',
    tags: ['Forwarder verification (admin)'],
    summary: 'Verification requests by status (pending by default), most recent first',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: DemandesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests, each with links to its identity cards', item: AdminForwarderFileState },
    handle: ({ query }) => forwarderFile.demandes(query.statut, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: `${base}/admin/demandes/:userId`,
    operationId: 'getForwarderVerification',
    tags: ['Forwarder verification (admin)'],
    summary: 'One forwarder’s request',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    errors: ['USER_NOT_FOUND'],
    success: { description: 'The request, with links to its identity cards', data: AdminForwarderFileState },
    handle: ({ params }) => forwarderFile.demande(params.userId),
  })
  .json({
    method: 'patch',
    path: `${base}/admin/demandes/:userId/approve`,
    operationId: 'approveForwarderVerification',
    tags: ['Forwarder verification (admin)'],
    summary: 'Approves a pending request (identity card front and back required)',
    description: 'Refused (KYC_CARDS_MISSING) unless both cards are the forwarder’s own identity cards, stored.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    errors: ['USER_NOT_FOUND', 'INVALID_TRANSITION', 'KYC_CARDS_MISSING'],
    success: state('The approved request'),
    handle: ({ caller, params }) => forwarderFile.approve(caller, params.userId),
  })
  .json({
    method: 'patch',
    path: `${base}/admin/demandes/:userId/reject`,
    operationId: 'rejectForwarderVerification',
    tags: ['Forwarder verification (admin)'],
    summary: 'Rejects a pending request with a reason',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: UserIdParams,
    body: RejectForwarderFile,
    errors: ['USER_NOT_FOUND', 'INVALID_TRANSITION'],
    success: state('The rejected request'),
    handle: ({ caller, params, body }) => forwarderFile.reject(caller, params.userId, body.rejectionMotif),
  });
