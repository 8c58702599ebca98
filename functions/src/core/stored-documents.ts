/**
 * The register of stored documents: every private file the service keeps for someone (a forwarder's
 * identity cards, a verification report, an invoice) has an entry `storedDocuments/{id}`, written by
 * the domain that stores the file in the transaction that makes it part of its record. The admin
 * documents routes list, download and delete from this register, so they never scan a domain's
 * collections nor the bucket. A deletion removes the file, keeps the entry with `deletedAt`, and
 * emits `document.deleted` so the owning domain marks its own record (DOMAIN.md: owners' records
 * keep a "deleted" mark).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from './clock';
import { db } from './firebase';
import { COLLECTIONS } from './firestore';

export const DOCUMENT_KINDS = ['identite_transitaire', 'rapport_verification', 'facture'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface StoredDocument {
  kind: DocumentKind;
  /** The user the document is about (the forwarder, the buyer of the verification, the invoice's buyer). */
  owner: string;
  /** Everyone else who may read it besides admins (the seller of a verified listing, an invoice's seller). */
  readers: string[];
  /** Storage path of the private file (adapters/storage). */
  path: string;
  contentType: string;
  size: number;
  /** The owning domain's record (`{ collection: 'verifications', id }`), marked when the file is deleted. */
  record: { collection: string; id: string };
  /** A label for admins (`Carte d'identité (recto)`, `Facture FAC-2026-000012`). */
  label: string;
  createdAt: Timestamp;
  deletedAt: Timestamp | null;
  deletedBy: string | null;
  /** Whether the file was deleted: an equality the admins' list filters on next to its order by `createdAt`. */
  deleted: boolean;
}

export type NewStoredDocument = Omit<StoredDocument, 'createdAt' | 'deletedAt' | 'deletedBy' | 'deleted'>;

export const storedDocumentRef = (id: string) => db().collection(COLLECTIONS.storedDocuments).doc(id);

/**
 * Registers a stored file under a deterministic id (`{kind}_{record id}[_{part}]`), in the
 * transaction that attaches it to its record: registering again (a retried request) writes the
 * same entry.
 */
export function registerDocument(tx: Transaction, id: string, document: NewStoredDocument): void {
  tx.set(storedDocumentRef(id), { ...document, createdAt: Timestamp.fromDate(now()), deletedAt: null, deletedBy: null, deleted: false });
}

/**
 * The register's entry of the file at `path`, if any (an equality on one field, served by its
 * automatic index; two entries never share a path). The local driver's signed links serve only
 * registered files still kept, and the upload clean-up keeps them.
 */
export async function documentAtPath(path: string): Promise<({ id: string } & StoredDocument) | undefined> {
  const found = (await db().collection(COLLECTIONS.storedDocuments).where('path', '==', path).limit(1).get()).docs[0];
  return found && { id: found.id, ...(found.data() as StoredDocument) };
}

/** `document.deleted`: a superAdmin deleted the file; the domain owning `record` marks it deleted. */
export interface DocumentDeleted {
  documentId: string;
  kind: DocumentKind;
  record: { collection: string; id: string };
  path: string;
  deletedBy: string;
  /** When (ISO). */
  deletedAt: string;
}

declare module './events/catalog' {
  interface EventCatalog {
    /**
     * A superAdmin deleted a stored document (key: the stored document's id): the domain owning its record
     * marks it deleted, and the file leaves storage. Emitted by the transaction that marks the register's
     * entry deleted (`POST /api/admin/documents/delete`; once, whatever runs at the same time).
     */
    'document.deleted': DocumentDeleted;
  }
}
