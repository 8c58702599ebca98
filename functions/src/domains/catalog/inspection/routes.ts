/**
 * `/api/verification`: paid inspections of listings (docs/guides/catalog.md, "Verification of a listing"). Admin
 * levels list requests, read their statistics from counters, upload the report and move every open
 * request of a listing together; the buyer reads its requests and report, then accepts or refuses
 * once. The report's signed links are the storage's own (the local driver's are served by the admin
 * documents' `/api/upload/signed/...`, for files of the register).
 */
import { config } from '../../../core/config';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { readBytes } from '../media';
import { adminRequests, moveRequests } from './admin';
import { decide, myInspections, readInspection, reportLinkOf } from './buyer';
import { REPORT_TYPE, uploadReport } from './report';
import {
  AdminRequestsQuery,
  ArticleIdParams,
  MineQuery,
  ReportLink,
  ReportUpload,
  StatusChange,
  StatusRequest,
  Verification,
  VerificationIdParams,
  VerificationStats,
} from './schemas';
import { verificationStats } from './stats';

const tags = ['Verification'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/verification/admin/requests',
    operationId: 'listVerificationRequests',
    tags,
    summary: 'Verification requests, newest first, filtered by status, listing or buyer, and days requested',
    description: 'Filters: `statut` with at most one of `articleId`, `acheteur` (each combination has its index; more answer VALIDATION_ERROR), and `from`/`to` days.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: AdminRequestsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests', item: Verification },
    handle: ({ query }) => adminRequests(query, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/verification/admin/stats',
    operationId: 'getVerificationStats',
    tags,
    summary: 'Requests by status now, and the average time from payment to report (from counters)',
    access: 'profile',
    roles: ADMIN_ROLES,
    success: { description: 'The statistics', data: VerificationStats },
    handle: () => verificationStats(),
  })
  .json({
    method: 'post',
    path: '/api/verification/admin/requests/:articleId/rapport',
    operationId: 'uploadVerificationReport',
    tags,
    summary: 'Uploads the inspection report of a listing (PDF, VERIFICATION_REPORT_MAX_BYTES), to attach with PATCH .../statut',
    description: 'The body is the PDF itself (its bytes must start with `%PDF-`). Kept private; give the answered `rapportId` to PATCH .../statut with `rapport_disponible`.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: ArticleIdParams,
    upload: { contentTypes: [REPORT_TYPE], maxBytes: 'VERIFICATION_REPORT_MAX_BYTES (10 MB)' },
    before: [readBytes(() => config().VERIFICATION_REPORT_MAX_BYTES)],
    errors: ['ARTICLE_NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE', 'FILE_TOO_LARGE'],
    success: { status: 201, description: 'The uploaded report', data: ReportUpload },
    handle: ({ params, req }) => uploadReport(params.articleId, req),
  })
  .json({
    method: 'patch',
    path: '/api/verification/admin/requests/:articleId/statut',
    operationId: 'setVerificationStatus',
    tags,
    summary: 'Moves every open request of a listing together: `en_cours`, `rapport_disponible` (with the uploaded report) or `annule`',
    description:
      'The inspection is of the vehicle: every request of the listing waiting for it (`en_attente`, `en_cours`) moves, in one transaction. `rapport_disponible` gives each buyer its own copy of the report, registered in the stored documents, and tells the buyer; `annule` marks each fee for refund.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: ArticleIdParams,
    body: StatusRequest,
    errors: ['ARTICLE_NOT_FOUND', 'VERIFICATION_NONE_OPEN', 'VERIFICATION_REPORT_NOT_UPLOADED', 'INVALID_TRANSITION'],
    success: { description: 'The requests moved', data: StatusChange },
    handle: ({ caller, params, body }) => moveRequests(caller, params.articleId, body),
  })
  .list({
    method: 'get',
    path: '/api/verification/mine',
    operationId: 'listMyVerificationRequests',
    tags,
    summary: 'The caller’s verification requests (as the buyer who paid), newest first',
    access: 'profile',
    reads: pagedReads(),
    query: MineQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of requests', item: Verification },
    handle: ({ caller, query }) => myInspections(caller, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/verification/:id',
    operationId: 'getVerificationRequest',
    tags,
    summary: 'One request, for its buyer, the listing’s seller or an admin',
    access: 'profile',
    params: VerificationIdParams,
    errors: ['VERIFICATION_NOT_FOUND'],
    success: { description: 'The request', data: Verification },
    handle: ({ caller, params }) => readInspection(caller, params.id),
  })
  .json({
    method: 'get',
    path: '/api/verification/:id/rapport',
    operationId: 'getVerificationReportLink',
    tags,
    summary: 'A short-lived link to the report (VERIFICATION_REPORT_LINK_TTL_SECONDS), for the buyer, the seller or an admin',
    access: 'profile',
    params: VerificationIdParams,
    errors: ['VERIFICATION_NOT_FOUND', 'VERIFICATION_REPORT_MISSING', 'VERIFICATION_REPORT_DELETED'],
    success: { description: 'The signed link', data: ReportLink },
    handle: ({ caller, params }) => reportLinkOf(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/verification/:id/accepter',
    operationId: 'acceptVerificationReport',
    tags,
    summary: 'The buyer accepts the report (from `rapport_disponible`, once): its transit journey gets `verificationApproved`',
    access: 'profile',
    params: VerificationIdParams,
    errors: ['VERIFICATION_NOT_FOUND', 'VERIFICATION_BUYER_ONLY', 'INVALID_TRANSITION'],
    success: { description: 'The request, `accepte`', data: Verification },
    handle: ({ caller, params }) => decide(caller, params.id, 'accept'),
  })
  .json({
    method: 'post',
    path: '/api/verification/:id/refuser',
    operationId: 'refuseVerifiedVehicle',
    tags,
    summary: 'The buyer refuses the vehicle after the report (from `rapport_disponible`, once): its purchase is cancelled and refunded, its journey `annule`',
    description: 'The verification fee is not refunded: the inspection was made. Refused past VERIFICATION_DECISION_DAYS after the report (VERIFICATION_DECISION_CLOSED: the request closes as accepted) and once the vehicle was handed over, delivered or transferred to its forwarder (VERIFICATION_VEHICLE_HANDED_OVER).',
    access: 'profile',
    params: VerificationIdParams,
    errors: ['VERIFICATION_NOT_FOUND', 'VERIFICATION_BUYER_ONLY', 'INVALID_TRANSITION', 'VERIFICATION_DECISION_CLOSED', 'VERIFICATION_VEHICLE_HANDED_OVER'],
    success: { description: 'The request, `refuse`', data: Verification },
    handle: ({ caller, params }) => decide(caller, params.id, 'refuse'),
  });
