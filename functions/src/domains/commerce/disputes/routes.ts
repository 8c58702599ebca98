import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ACCEPTED_TYPES, readUpload } from '../../catalog';
import { openDispute } from './open-dispute';
import { Dispute, DisputeAnswer, DisputeIdParams, DisputeOpen, DisputeWithdraw, EvidenceParams, EvidencePhoto, MyDisputesQuery } from './schemas';
import { addEvidence, answerDispute, myDisputes, readDispute, readEvidence, toDispute, withdrawDispute } from './service';

const tags = ['Disputes'];

/** The parties' routes of disputes (DOMAIN.md, "Disputes"); admins decide under /api/admin/litiges (admin-routes.ts). */
export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/litiges',
    operationId: 'openDispute',
    tags,
    summary: 'The buyer opens a dispute of its sale after a proof of handover, within DELIVERY_DISPUTE_WINDOW_HOURS, once per sale: its money stays held until an admin decides',
    description:
      'A proof of handover is the sale’s handover in person (a seller’s code entry, the buyer’s “received”, a transfer to the forwarder), or with a courier its handover photo (the delivery then waits for the decision instead of closing) or the delivery `livre`. Before any proof the buyer cancels or refuses the goods at the door (DISPUTE_NO_HANDOVER).',
    access: 'profile',
    roles: ['acheteur'],
    body: DisputeOpen,
    errors: ['ORDER_NOT_FOUND', 'ACHAT_NOT_FOUND', 'DISPUTE_NO_HANDOVER', 'DISPUTE_WINDOW_CLOSED', 'DISPUTE_ALREADY_OPENED'],
    success: { status: 201, description: 'The dispute, `ouvert`', data: Dispute },
    handle: async ({ caller, body }) => {
      const { id, dispute } = await openDispute(caller, body);
      return toDispute(id, dispute);
    },
  })
  .list({
    method: 'get',
    path: '/api/litiges/mine',
    operationId: 'listMyDisputes',
    tags,
    summary: 'The disputes the caller is a party of (buyer, seller or courier), newest first',
    access: 'profile',
    reads: pagedReads(),
    query: MyDisputesQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of disputes', item: Dispute },
    handle: ({ caller, query }) => myDisputes(caller, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/litiges/:id',
    operationId: 'getDispute',
    tags,
    summary: 'One dispute, for its parties and admins (its realtime document: `litiges/{id}`)',
    access: 'profile',
    params: DisputeIdParams,
    errors: ['DISPUTE_NOT_FOUND'],
    success: { description: 'The dispute', data: Dispute },
    handle: async ({ caller, params }) => toDispute(params.id, await readDispute(caller, params.id)),
  })
  .json({
    method: 'post',
    path: '/api/litiges/:id/reponse',
    operationId: 'answerDispute',
    tags,
    summary: 'A seller of the sale answers the dispute, once, before `echeanceReponse` (DISPUTE_ANSWER_DAYS)',
    access: 'profile',
    params: DisputeIdParams,
    body: DisputeAnswer,
    errors: ['DISPUTE_NOT_FOUND', 'DISPUTE_ANSWER_CLOSED'],
    success: { description: 'The dispute with the answer', data: Dispute },
    handle: async ({ caller, params, body }) => toDispute(params.id, await answerDispute(caller, params.id, body.texte)),
  })
  .json({
    method: 'post',
    path: '/api/litiges/:id/retrait',
    operationId: 'withdrawDispute',
    tags,
    summary: 'The buyer withdraws its dispute before a decision: `retire`; the sale’s money is released as its handover says',
    access: 'profile',
    roles: ['acheteur'],
    params: DisputeIdParams,
    body: DisputeWithdraw,
    errors: ['DISPUTE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The dispute, `retire`', data: Dispute },
    handle: async ({ caller, params, body }) => toDispute(params.id, await withdrawDispute(caller, params.id, body.raison)),
  })
  .json({
    method: 'post',
    path: '/api/litiges/:id/preuves',
    operationId: 'addDisputeEvidence',
    tags,
    summary: 'The buyer or a seller adds a photo to the dispute (JPEG, PNG or WebP, UPLOAD_IMAGE_MAX_BYTES; DISPUTE_EVIDENCE_MAX per side), kept privately while it is open',
    access: 'profile',
    params: DisputeIdParams,
    upload: { contentTypes: ACCEPTED_TYPES.image, maxBytes: 'UPLOAD_IMAGE_MAX_BYTES (10 MB)' },
    before: [readUpload('image')],
    errors: ['DISPUTE_NOT_FOUND', 'INVALID_TRANSITION', 'DISPUTE_EVIDENCE_LIMIT', 'UPLOAD_QUOTA_EXCEEDED'],
    success: { status: 201, description: 'The stored photo', data: EvidencePhoto },
    handle: ({ caller, params, req }) => addEvidence(caller, params.id, req),
  })
  .file({
    method: 'get',
    path: '/api/litiges/:id/preuves/:fichier',
    operationId: 'getDisputeEvidence',
    tags,
    summary: 'One evidence photo of the dispute, for its parties and admins',
    access: 'profile',
    params: EvidenceParams,
    errors: ['DISPUTE_NOT_FOUND', 'FILE_NOT_FOUND'],
    success: { description: 'The photo', contentTypes: ACCEPTED_TYPES.image },
    handle: ({ caller, params }) => readEvidence(caller, params.id, params.fichier),
  });
