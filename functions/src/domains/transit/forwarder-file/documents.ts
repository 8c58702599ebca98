/**
 * The forwarder's cards in the register of stored documents (core/stored-documents): entered with
 * the file that holds them, marked on the file when a superAdmin deletes one, and entered for files
 * submitted before the register existed (`npm run backfill:documents`).
 */
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { registerDocument, storedDocumentRef } from '../../../core/stored-documents';
import { cardProblem, identityCardFile, releaseUpload, uploadKeeper } from '../../catalog';
import { CARD_SIDES, type Dossier, files } from './model';

/** What the register records of each card of a file (type and size), read before its transaction. */
export async function cardFilesOf(dossier: Dossier): Promise<Array<{ contentType: string; size: number }>> {
  return Promise.all(CARD_SIDES.map((side) => identityCardFile(dossier[side])));
}

/**
 * Enters a file's two cards in the register of stored documents. Their ids name the cards' own
 * files, so a file submitted again with new cards keeps the old cards' entries.
 */
export function registerCards(tx: Transaction, uid: string, dossier: Dossier, cardFiles: Array<{ contentType: string; size: number }>): void {
  CARD_SIDES.forEach((side, index) => {
    const path = dossier[side];
    registerDocument(tx, identityCardDocumentId(uid, path), {
      kind: 'identite_transitaire',
      owner: uid,
      readers: [],
      path,
      ...cardFiles[index],
      record: { collection: COLLECTIONS.transitaireVerifications, id: uid },
      label: side === 'cardFront' ? 'Carte d’identité (recto)' : 'Carte d’identité (verso)',
    });
  });
}

/**
 * Reads a file's two cards' records in the uploads ledger and answers the write that marks them
 * kept (`identityCard`): catalog's clean-up keeps them without asking transit. In the transaction
 * that attaches them to the file, with their entries in the register.
 */
export async function keepCards(tx: Transaction, dossier: Dossier): Promise<() => void> {
  const keep = await uploadKeeper(tx, CARD_SIDES.map((side) => dossier[side]));
  return () => keep('identityCard');
}

/**
 * One-off (`npm run backfill:documents`): a file submitted before the register existed gets its
 * stored cards entered, once; cards already registered (or deleted since) are left alone.
 * Answers whether it registered them.
 */
export async function registerCardsOfFile(uid: string): Promise<boolean> {
  const fileRef = files().doc(uid);
  const dossier = (await fileRef.get()).data()?.dossier;
  if (!dossier?.cardFront || !dossier.cardBack || !(await hasBothCards(uid, dossier))) return false;
  const cardFiles = await cardFilesOf(dossier);
  return runTransaction(async (tx) => {
    const current = (await tx.get(fileRef)).data()?.dossier;
    if (current?.cardFront !== dossier.cardFront || current?.cardBack !== dossier.cardBack) return false;
    const [entries, keep] = await Promise.all([tx.getAll(...CARD_SIDES.map((side) => storedDocumentRef(identityCardDocumentId(uid, dossier[side])))), keepCards(tx, dossier)]);
    if (entries.some((entry) => entry.exists)) return false;
    registerCards(tx, uid, dossier, cardFiles);
    keep();
    return true;
  });
}

/** Ids of forwarder files, by id after `after`: the backfill's pages. */
export async function forwarderFileIds(after: string | undefined, limit: number): Promise<string[]> {
  const query = files().orderBy(FieldPath.documentId()).limit(limit);
  return (await (after ? query.startAfter(after) : query).select().get()).docs.map((doc) => doc.id);
}

/** `identite_transitaire_{uid}_{card file name without extension}`: one entry per stored card. */
function identityCardDocumentId(uid: string, path: string): string {
  return `identite_transitaire_${uid}_${(path.split('/').pop() ?? path).replace(/\.[a-z0-9]+$/, '')}`;
}

/**
 * `document.deleted` of an identity card: the file of the forwarder marks the card deleted when it
 * is still one of its cards (a file submitted again since holds other cards), and the uploads
 * ledger's record is no longer kept for it (its bytes are gone: the clean-up drops the record).
 * Idempotent.
 */
export async function markCardDeleted(userId: string, path: string, deletedBy: string, deletedAt: Date): Promise<void> {
  await releaseUpload(path, 'identityCard');
  const fileRef = files().doc(userId);
  await runTransaction(async (tx) => {
    const file = (await tx.get(fileRef)).data();
    const sides = CARD_SIDES.filter((side) => file?.dossier?.[side] === path);
    if (sides.length === 0) return;
    tx.update(fileRef, Object.fromEntries(sides.map((side) => [`deletedCards.${side}`, { deletedAt: Timestamp.fromDate(deletedAt), deletedBy }])));
  });
}

/** Whether both cards of a file are the forwarder's own stored identity cards. */
export async function hasBothCards(userId: string, dossier: Partial<Dossier> | null | undefined): Promise<boolean> {
  const cards = [dossier?.cardFront, dossier?.cardBack];
  const problems = await Promise.all(cards.map((card) => (card ? cardProblem(userId, card) : 'missing')));
  return problems.every((problem) => problem === undefined);
}
