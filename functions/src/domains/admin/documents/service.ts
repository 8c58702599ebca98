/**
 * The admins' view of the register of stored documents (core/stored-documents): the list, a
 * short-lived link to one file, and the superAdmin's bulk deletion. A deletion marks the entry
 * (`deleted`, `deletedAt`, `deletedBy`) and emits `document.deleted` in one transaction, so two
 * deletions at once mark and emit once; the file itself is removed by this domain's subscriber of
 * that event (retried by the outbox until storage answers), and the owning domain marks its record.
 */
import { queryOfPlan } from '../list-plan';
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { fileStorage } from '../../../adapters/storage/storage';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { isDocumentId } from '../../../core/document-id';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { db, runTransaction } from '../../../core/firebase';
import { COLLECTIONS, isoOrNull } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { type StoredDocument, storedDocumentRef } from '../../../core/stored-documents';
import { type DocumentListFilters, planDocumentList } from './listing';
import type { BulkDeleteResult, DocumentLink, StoredDocumentView } from './schemas';

const register = () => db().collection(COLLECTIONS.storedDocuments);

function toView(id: string, entry: StoredDocument): z.input<typeof StoredDocumentView> {
  return {
    id,
    kind: entry.kind,
    owner: entry.owner,
    readers: entry.readers ?? [],
    label: entry.label,
    contentType: entry.contentType,
    size: entry.size,
    record: entry.record,
    createdAt: entry.createdAt.toDate().toISOString(),
    deletedAt: isoOrNull(entry.deletedAt),
    deletedBy: entry.deletedBy ?? null,
  };
}

export async function listDocuments(filters: DocumentListFilters, page: PageRequest) {
  const { docs, total } = await readPage(queryOfPlan(register(), planDocumentList(filters)), page);
  return toPage(page, docs.map((doc) => toView(doc.id, doc.data() as StoredDocument)), total);
}

/** A link reading the file for DOCUMENT_LINK_TTL_SECONDS; a deleted document has no file to link to. */
export async function downloadLink(id: string): Promise<z.input<typeof DocumentLink>> {
  const entry = (await storedDocumentRef(id).get()).data() as StoredDocument | undefined;
  if (!entry) throw new ApiError('DOCUMENT_NOT_FOUND');
  if (entry.deletedAt) throw new ApiError('DOCUMENT_DELETED');
  const expiresAt = new Date(now().getTime() + config().DOCUMENT_LINK_TTL_SECONDS * 1000);
  return { url: await (await fileStorage()).signedLink(entry.path, expiresAt), expiresAt: expiresAt.toISOString() };
}

type Outcome = z.input<typeof BulkDeleteResult>['results'][number]['outcome'];

/** Marks one document deleted and emits `document.deleted`, once whatever runs at the same time. */
async function deleteOne(caller: ProfileCaller, id: string): Promise<Outcome> {
  if (!isDocumentId(id)) return 'not_found';
  const ref = storedDocumentRef(id);
  return runTransaction(async (tx) => {
    const entry = (await tx.get(ref)).data() as StoredDocument | undefined;
    if (!entry) return 'not_found';
    if (entry.deletedAt) return 'already_deleted';
    const at = now();
    tx.update(ref, { deleted: true, deletedAt: Timestamp.fromDate(at), deletedBy: caller.uid });
    // Inline: the file is gone and the owners' records marked when the answer arrives (the
    // trigger and the sweep take over if this process fails to).
    emit(
      tx,
      'document.deleted',
      id,
      { documentId: id, kind: entry.kind, record: entry.record, path: entry.path, deletedBy: caller.uid, deletedAt: at.toISOString() },
      { inline: true },
    );
    return 'deleted';
  });
}

export async function deleteDocuments(caller: ProfileCaller, ids: string[]): Promise<z.input<typeof BulkDeleteResult>> {
  const unique = [...new Set(ids)];
  const outcomes = await Promise.all(unique.map((id) => deleteOne(caller, id)));
  return { results: unique.map((id, index) => ({ id, outcome: outcomes[index] })) };
}

/** The `document.deleted` subscriber's work: the file leaves storage (nothing there is not an error). */
export async function removeFile(path: string): Promise<void> {
  await (await fileStorage()).delete(path);
}
