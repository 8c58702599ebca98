/**
 * `/api/upload/signed/...`: the local storage driver's signed links to private files of the
 * register (signed.ts). Served by the `catalog` function, which holds the `/api/upload` prefix.
 * Paths of two segments (`factures/{id}.pdf`) and of three (`kyc/{uid}/{name}`).
 */
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { ApiRouter } from '../../../core/http';
import { readSignedFile } from './signed';

const tags = ['Uploads'];
// A segment that cannot be `.` or `..` nor hold a `/`: anything else names no stored file (404).
const segment = () => documentId('FILE_NOT_FOUND');
const LinkQuery = z.strictObject({
  expires: z.string().max(20).meta({ description: 'Expiry of the link, in seconds since 1970.' }),
  signature: z.string().max(256).meta({ description: 'HMAC-SHA256 of the path and the expiry.' }),
});
const description =
  'Links handed to admins (GET /api/admin/documents/{id}/download, a forwarder file’s `cardLinks`) and to a document’s readers, valid until their expiry. Only files of the register still kept are served; with Cloud Storage the links are the bucket’s own and this route refuses every link.';
const errors = ['SIGNED_LINK_INVALID', 'SIGNED_LINK_EXPIRED', 'FILE_NOT_FOUND', 'DOCUMENT_DELETED'] as const;
const success = { description: 'The file', contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] };

export const router = new ApiRouter()
  .file({
    method: 'get',
    path: '/api/upload/signed/:area/:name',
    operationId: 'getSignedDocument',
    tags,
    summary: 'A stored document (an invoice, a report) through a short-lived signed link (local storage driver)',
    description,
    access: 'public',
    params: z.strictObject({ area: segment(), name: segment() }),
    query: LinkQuery,
    errors,
    success,
    handle: ({ params, query }) => readSignedFile([params.area, params.name], query.expires, query.signature),
  })
  .file({
    method: 'get',
    path: '/api/upload/signed/:area/:folder/:name',
    operationId: 'getSignedFolderDocument',
    tags,
    summary: 'A stored document (an identity card, a report) through a short-lived signed link (local storage driver)',
    description,
    access: 'public',
    params: z.strictObject({ area: segment(), folder: segment(), name: segment() }),
    query: LinkQuery,
    errors,
    success,
    handle: ({ params, query }) => readSignedFile([params.area, params.folder, params.name], query.expires, query.signature),
  });
