/** Shapes of the admin documents routes: the register's entries, their list filters, links and bulk deletion. */
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { DOCUMENT_KINDS } from '../../../core/stored-documents';

/** At most this many ids per bulk deletion: one transaction each, all in one request. */
export const MAX_BULK_DELETE = 100;

export const DocumentListQuery = PaginationQuery.extend({
  kind: z.enum(DOCUMENT_KINDS).optional().meta({ description: 'Only documents of this kind.' }),
  owner: documentId('VALIDATION_ERROR', 'Only documents about this user (uid).').optional(),
  from: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only documents registered at or after this instant (ISO 8601).' }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only documents registered before this instant (ISO 8601).' }),
  deleted: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: '`false`: documents whose file is kept; `true`: deleted ones (their entry stays); absent: both.' }),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), { message: '`from` must be before `to`.', path: ['to'] });

export const DocumentIdParams = z.strictObject({ id: documentId('DOCUMENT_NOT_FOUND') });

export const StoredDocumentView = z
  .object({
    id: z.string().meta({ description: '`{kind}_{record id}[_{part}]`.' }),
    kind: z.enum(DOCUMENT_KINDS),
    owner: z.string().meta({ description: 'The user the document is about (the forwarder, the verification’s buyer, the invoice’s buyer).' }),
    readers: z.array(z.string()).meta({ description: 'Who else may read it besides admins (the seller of a verified listing; an invoice’s PDF has none: each seller downloads its own part).' }),
    label: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    record: z.object({ collection: z.string(), id: z.string() }).meta({ description: 'The owning domain’s record, marked when the file is deleted.' }),
    createdAt: z.string(),
    deletedAt: z.string().nullable(),
    deletedBy: z.string().nullable(),
  })
  .meta({ id: 'StoredDocument' });

export const DocumentLink = z.object({
  url: z.string().meta({ description: 'Reads the file without a token until `expiresAt` (DOCUMENT_LINK_TTL_SECONDS); relative to the base URL with the local storage driver.' }),
  expiresAt: z.string(),
});

export const BulkDelete = z.strictObject({
  ids: z
    .array(z.string().min(1).max(1024))
    .min(1)
    .max(MAX_BULK_DELETE)
    .meta({ description: `Ids of documents to delete, at most ${MAX_BULK_DELETE}; repeated ids count once.` }),
});

export const BulkDeleteResult = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z
        .enum(['deleted', 'already_deleted', 'not_found'])
        .meta({ description: '`deleted`: by this request; `already_deleted`: before it (or by a request at the same time); `not_found`: no such document (or not a document id).' }),
    }),
  ),
});
