/**
 * `/api/admin/documents`: the register of private files kept for someone (forwarders' identity
 * cards, verification reports, invoices). Admin levels list them and get short-lived links; only
 * a superAdmin deletes, in bulk.
 */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { BulkDelete, BulkDeleteResult, DocumentIdParams, DocumentLink, DocumentListQuery, StoredDocumentView } from './schemas';
import { deleteDocuments, downloadLink, listDocuments } from './service';

const tags = ['Documents (admin)'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/admin/documents',
    operationId: 'listStoredDocuments',
    tags,
    summary: 'Stored documents (identity cards, verification reports, invoices), newest first, by kind, owner, date of registration and deletion',
    description: 'Every combination of filters is served by the indexes of firestore.indexes.json. `from` is inclusive, `to` exclusive.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: DocumentListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of stored documents', item: StoredDocumentView },
    handle: ({ query }) =>
      listDocuments(
        {
          kind: query.kind,
          owner: query.owner,
          deleted: query.deleted === undefined ? undefined : query.deleted === 'true',
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        pageRequest(query),
      ),
  })
  .json({
    method: 'post',
    path: '/api/admin/documents/delete',
    operationId: 'deleteStoredDocuments',
    tags,
    summary: 'Deletes stored documents in bulk (superAdmin): their files leave storage, their entries stay marked deleted',
    description:
      'At most 100 ids. Each id is answered on its own: `deleted`, `already_deleted` or `not_found`; two requests at once delete a document once. The owning domain marks its record (a forwarder’s file shows the card deleted, an invoice answers DOCUMENT_DELETED for its PDF).',
    access: 'profile',
    roles: ['superAdmin'],
    body: BulkDelete,
    success: { description: 'What became of each id', data: BulkDeleteResult },
    handle: ({ caller, body }) => deleteDocuments(caller, body.ids),
  })
  .json({
    method: 'get',
    path: '/api/admin/documents/:id/download',
    operationId: 'getStoredDocumentLink',
    tags,
    summary: 'A short-lived signed link to a stored document’s file (DOCUMENT_LINK_TTL_SECONDS)',
    description: 'A deleted document answers 410 DOCUMENT_DELETED; an unknown one 404 DOCUMENT_NOT_FOUND. With the local storage driver the link is served by GET /api/upload/signed/….',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: DocumentIdParams,
    errors: ['DOCUMENT_NOT_FOUND', 'DOCUMENT_DELETED'],
    success: { description: 'The link and when it expires', data: DocumentLink },
    handle: ({ params }) => downloadLink(params.id),
  });
