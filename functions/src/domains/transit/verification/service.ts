/**
 * Forwarder account verification: `none` -> `pending` (the forwarder submits its identity card,
 * front and back, as its own private uploads (catalog/kyc/service.ts), and company data) -> `approved` | `rejected` (an admin decides, with a reason
 * for a refusal). A rejected or empty file can be submitted again; a pending one cannot. The file
 * and the forwarder's directory entry change in one transaction, which emits the change for the
 * profile's copy of the status (identity subscribes);
 * the forwarder is told of each decision (notification and push, in its language).
 */
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { db, runTransaction } from '../../../core/firebase';
import { emit } from '../../../core/events';
import { collection, COLLECTIONS, isoOrNull } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { registerDocument, storedDocumentRef } from '../../../core/stored-documents';
import { cardLinks, cardProblem, identityCardFile } from '../../catalog';
import { type NotificationEvent, notifyIn } from '../../notifications';
import { listingWriter } from '../directory/service';
import type { AdminVerificationState, VerificationState, VerificationSubmit } from './schemas';

type Dossier = z.output<typeof VerificationSubmit>;
type Status = 'none' | 'pending' | 'approved' | 'rejected';
type CardSide = 'cardFront' | 'cardBack';
const CARD_SIDES: readonly CardSide[] = ['cardFront', 'cardBack'];

interface VerificationDocument {
  statut: Status;
  dossier: Dossier | null;
  rejectionMotif: string | null;
  submittedAt: Timestamp | null;
  decidedAt: Timestamp | null;
  decidedBy: string | null;
  /** Cards of this file a superAdmin deleted (`document.deleted`): their files are gone, the file says so. */
  deletedCards?: Partial<Record<CardSide, { deletedAt: Timestamp; deletedBy: string }>>;
}

const files = () => collection<VerificationDocument>(COLLECTIONS.transitaireVerifications);

function toState(userId: string, file: VerificationDocument | undefined): z.input<typeof VerificationState> {
  return {
    userId,
    statut: file?.statut ?? 'none',
    rejectionMotif: file?.rejectionMotif ?? null,
    submittedAt: isoOrNull(file?.submittedAt),
    decidedAt: isoOrNull(file?.decidedAt),
    dossier: file?.dossier ?? null,
  };
}

/** Changes the file and the forwarder's directory entry together, with its events; `decide` sees the fresh file. */
async function change(
  userId: string,
  decide: (current: VerificationDocument | undefined) => Partial<VerificationDocument>,
  alsoWrite?: (tx: Transaction, next: VerificationDocument) => void,
) {
  const fileRef = files().doc(userId);
  const userRef = db().collection(COLLECTIONS.users).doc(userId);
  return runTransaction(async (tx) => {
    const [file, user, writeListing] = await Promise.all([tx.get(fileRef), tx.get(userRef), listingWriter(tx, userId)]);
    if (!user.exists || user.get('role') !== 'transitaire') throw new ApiError('USER_NOT_FOUND');
    const current = file.data();
    const next = { ...current, ...decide(current) } as VerificationDocument;
    tx.set(fileRef, next);
    writeListing(user.data()!, next);
    alsoWrite?.(tx, next);
    // A new decision is told to the forwarder with the change.
    if (next.decidedAt && next.decidedAt.toMillis() !== current?.decidedAt?.toMillis()) notifyIn(tx, userId, decisionNotice(userId, next));
    // The profile shows the status: identity keeps its copy (transitaire.verification_changed).
    const at = now().getTime();
    emit(tx, 'transitaire.verification_changed', `${userId}_${at}`, { uid: userId, statut: next.statut, rejectionMotif: next.rejectionMotif ?? null, at });
    return next;
  });
}

/** Where a forwarder's file stands: the transit domain's own record (the profile holds a copy). */
export async function verificationStatusOf(uid: string): Promise<Status> {
  return (await files().doc(uid).get()).data()?.statut ?? 'none';
}

export async function status(caller: ProfileCaller) {
  return toState(caller.uid, (await files().doc(caller.uid).get()).data());
}

export async function submit(caller: ProfileCaller, dossier: Dossier) {
  // Only the caller's own identity cards, as stored: never another user's file, never a made-up path.
  for (const card of [dossier.cardFront, dossier.cardBack]) {
    const problem = await cardProblem(caller.uid, card);
    if (problem) throw new ApiError(problem);
  }
  const cardFiles = await Promise.all(CARD_SIDES.map((side) => identityCardFile(dossier[side])));
  const at = Timestamp.fromDate(now());
  const file = await change(
    caller.uid,
    (current) => {
      if (current?.statut === 'pending' || current?.statut === 'approved') throw new ApiError('INVALID_TRANSITION');
      return { statut: 'pending', dossier, rejectionMotif: null, submittedAt: at, decidedAt: null, decidedBy: null, deletedCards: {} };
    },
    // Each card enters the register of stored documents with the file that holds it (admins list,
    // read and delete them there).
    (tx, next) => registerCards(tx, caller.uid, next.dossier!, cardFiles),
  );
  return toState(caller.uid, file);
}

/**
 * Enters a file's two cards in the register of stored documents. Their ids name the cards' own
 * files, so a file submitted again with new cards keeps the old cards' entries.
 */
function registerCards(tx: Transaction, uid: string, dossier: Dossier, cardFiles: Array<{ contentType: string; size: number }>): void {
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
 * One-off (`npm run backfill:documents`): a file submitted before the register existed gets its
 * stored cards entered, once; cards already registered (or deleted since) are left alone.
 * Answers whether it registered them.
 */
export async function registerCardsOfFile(uid: string): Promise<boolean> {
  const fileRef = files().doc(uid);
  const dossier = (await fileRef.get()).data()?.dossier;
  if (!dossier?.cardFront || !dossier.cardBack || !(await hasBothCards(uid, dossier))) return false;
  const cardFiles = await Promise.all(CARD_SIDES.map((side) => identityCardFile(dossier[side])));
  return runTransaction(async (tx) => {
    const current = (await tx.get(fileRef)).data()?.dossier;
    if (current?.cardFront !== dossier.cardFront || current?.cardBack !== dossier.cardBack) return false;
    const entries = await tx.getAll(...CARD_SIDES.map((side) => storedDocumentRef(identityCardDocumentId(uid, dossier[side]))));
    if (entries.some((entry) => entry.exists)) return false;
    registerCards(tx, uid, dossier, cardFiles);
    return true;
  });
}

/** Ids of verification files, by id after `after`: the backfill's pages. */
export async function verificationFileIds(after: string | undefined, limit: number): Promise<string[]> {
  const query = files().orderBy(FieldPath.documentId()).limit(limit);
  return (await (after ? query.startAfter(after) : query).select().get()).docs.map((doc) => doc.id);
}

/** `identite_transitaire_{uid}_{card file name without extension}`: one entry per stored card. */
function identityCardDocumentId(uid: string, path: string): string {
  return `identite_transitaire_${uid}_${(path.split('/').pop() ?? path).replace(/\.[a-z0-9]+$/, '')}`;
}

/**
 * `document.deleted` of an identity card: the file of the forwarder marks the card deleted when it
 * is still one of its cards (a file submitted again since holds other cards). Idempotent.
 */
export async function markCardDeleted(userId: string, path: string, deletedBy: string, deletedAt: Date): Promise<void> {
  const fileRef = files().doc(userId);
  await runTransaction(async (tx) => {
    const file = (await tx.get(fileRef)).data();
    const sides = CARD_SIDES.filter((side) => file?.dossier?.[side] === path);
    if (sides.length === 0) return;
    tx.update(fileRef, Object.fromEntries(sides.map((side) => [`deletedCards.${side}`, { deletedAt: Timestamp.fromDate(deletedAt), deletedBy }])));
  });
}

/** The forwarder's notice of a decision; the decision's time makes it one event. */
function decisionNotice(userId: string, file: VerificationDocument): NotificationEvent {
  const approved = file.statut === 'approved';
  return {
    type: approved ? 'transitaire_verification_approved' : 'transitaire_verification_rejected',
    key: `${userId}:${file.decidedAt?.toMillis()}`,
    params: approved ? {} : { motif: file.rejectionMotif ?? '' },
    resource: { kind: 'transitaireVerification', id: userId },
  };
}

/** Whether both cards of a file are the forwarder's own stored identity cards. */
async function hasBothCards(userId: string, dossier: Partial<Dossier> | null | undefined): Promise<boolean> {
  const cards = [dossier?.cardFront, dossier?.cardBack];
  const problems = await Promise.all(cards.map((card) => (card ? cardProblem(userId, card) : 'missing')));
  return problems.every((problem) => problem === undefined);
}

export async function approve(caller: ProfileCaller, userId: string) {
  // The spec: an approved account has its identity card, front and back. Storage is checked before
  // the transaction, which then makes sure it approves the very cards that were checked.
  const checked = (await files().doc(userId).get()).data();
  const cardsChecked = checked?.statut === 'pending' && (await hasBothCards(userId, checked.dossier));
  const file = await change(userId, (current) => {
    if (current?.statut !== 'pending') throw new ApiError('INVALID_TRANSITION');
    const same = current.dossier?.cardFront === checked?.dossier?.cardFront && current.dossier?.cardBack === checked?.dossier?.cardBack;
    if (!cardsChecked || !same) throw new ApiError('KYC_CARDS_MISSING');
    return { statut: 'approved', rejectionMotif: null, decidedAt: Timestamp.fromDate(now()), decidedBy: caller.uid };
  });
  return toState(userId, file);
}

export async function reject(caller: ProfileCaller, userId: string, rejectionMotif: string) {
  const file = await change(userId, (current) => {
    if (current?.statut !== 'pending') throw new ApiError('INVALID_TRANSITION');
    return { statut: 'rejected', rejectionMotif, decidedAt: Timestamp.fromDate(now()), decidedBy: caller.uid };
  });
  return toState(userId, file);
}

/** An admin's view of a file: with short-lived links to its identity cards, which are never public. */
async function toAdminState(userId: string, file: VerificationDocument): Promise<z.input<typeof AdminVerificationState>> {
  const deleted = CARD_SIDES.filter((side) => file.deletedCards?.[side]);
  return { ...toState(userId, file), cardLinks: await cardLinks(file.dossier ?? {}, deleted) };
}

export async function demande(userId: string) {
  const file = (await files().doc(userId).get()).data();
  if (!file) throw new ApiError('USER_NOT_FOUND');
  return toAdminState(userId, file);
}

export async function demandes(statut: Status, page: PageRequest) {
  const query = files().where('statut', '==', statut).orderBy('submittedAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, await Promise.all(docs.map((doc) => toAdminState(doc.id, doc.data()))), total);
}

/** Whether a stored file is one of a verification file's identity cards (the upload clean-up asks). */
export async function isIdentityCard(path: string): Promise<boolean> {
  const [front, back] = await Promise.all(
    (['dossier.cardFront', 'dossier.cardBack'] as const).map((field) => files().where(field, '==', path).limit(1).get()),
  );
  return !front.empty || !back.empty;
}
