/**
 * The forwarder file: the forwarder's identity file an admin approves. `none` -> `pending` (the
 * forwarder submits its identity card, front and back, as its own private uploads
 * (catalog/kyc/service.ts), and company data) -> `approved` | `rejected` (an admin decides, with a
 * reason for a refusal). A rejected or empty file can be submitted again; a pending one cannot
 * (state.ts). The file's move (machine.ts), the profile's copy of its status (identity's writer) and
 * the forwarder's directory entry change in one transaction, which also emits the change as a fact;
 * the forwarder is told of each decision (notification and push, in its language).
 */
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { emit } from '../../../core/events';
import { isoOrNull } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { cardLinks, cardProblem } from '../../catalog';
import { forwarderFileStatusWriter } from '../../identity';
import { listingWriter } from '../directory/service';
import { cardFilesOf, hasBothCards, keepCards, registerCards } from './documents';
import { CARD_SIDES, type Dossier, files, type Status, type ForwarderFileDocument } from './model';
import { fileMachine } from './machine';
import { type FileEvent, NO_FILE } from './state';
import type { AdminForwarderFileState, ForwarderFileState } from './schemas';

function toState(userId: string, file: ForwarderFileDocument | undefined): z.input<typeof ForwarderFileState> {
  return {
    userId,
    statut: file?.statut ?? NO_FILE,
    rejectionMotif: file?.rejectionMotif ?? null,
    submittedAt: isoOrNull(file?.submittedAt),
    decidedAt: isoOrNull(file?.decidedAt),
    dossier: file?.dossier ?? null,
  };
}

/**
 * Moves the file by `event` (machine.ts: 409 INVALID_TRANSITION when its status does not allow it),
 * with the fields `fields` adds on the fresh file at the move's moment (it may refuse with an ApiError), and changes the
 * forwarder's directory entry and the profile's copy of the status with it, and says the change.
 * `alsoWrite` reads what it needs in the transaction first and answers its writes.
 */
async function change(
  userId: string,
  move: { event: FileEvent; by: string; at: Date; reason?: string },
  fields: (current: ForwarderFileDocument | undefined, stamp: Timestamp) => Partial<Omit<ForwarderFileDocument, 'statut' | 'history' | 'updatedAt'>>,
  alsoWrite?: (tx: Transaction) => Promise<(next: ForwarderFileDocument) => void>,
) {
  const fileRef = files().doc(userId);
  return runTransaction(async (tx) => {
    const [file, profile, writeListing, writeAlso] = await Promise.all([tx.get(fileRef), forwarderFileStatusWriter(tx, userId), listingWriter(tx, userId), alsoWrite?.(tx)]);
    if (profile.user?.role !== 'transitaire') throw new ApiError('USER_NOT_FOUND');
    const current = file.data();
    // The table answers first: a file in the wrong status is INVALID_TRANSITION whatever else is wrong with it.
    const moved = fileMachine.move(tx, { id: userId, from: current?.statut ?? NO_FILE, ...move, history: current?.history ?? [] });
    const next = { ...current, ...fields(current, moved.updatedAt), ...moved } as ForwarderFileDocument;
    tx.set(fileRef, next);
    writeListing(profile.user, next);
    writeAlso?.(next);
    // A new decision is said with the change: the forwarder is told (tells.ts).
    const decided = next.decidedAt && next.decidedAt.toMillis() !== current?.decidedAt?.toMillis() ? next.decidedAt.toMillis() : null;
    // The profile shows the status from this very commit: `/me` reads it right after the answer
    // (an event's subscriber would leave the old status there until it ran). A copy, not a move.
    const at = now().getTime();
    profile.write({ statut: next.statut, ...(next.rejectionMotif ? { rejectionMotif: next.rejectionMotif } : {}) }, at);
    emit(tx, 'transitaire.verification_changed', `${userId}_${at}`, { uid: userId, statut: next.statut, rejectionMotif: next.rejectionMotif ?? null, at, decidedAt: decided });
    return next;
  });
}

/** Where a forwarder's file stands: the transit domain's own record (the profile holds a copy). */
export async function forwarderFileStatusOf(uid: string): Promise<Status> {
  return (await files().doc(uid).get()).data()?.statut ?? NO_FILE;
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
  const cardFiles = await cardFilesOf(dossier);
  const file = await change(
    caller.uid,
    { event: 'submit', by: caller.uid, at: now() },
    (_, stamp) => ({ dossier, rejectionMotif: null, submittedAt: stamp, decidedAt: null, decidedBy: null, deletedCards: {} }),
    // Each card enters the register of stored documents with the file that holds it (admins list,
    // read and delete them there), and is marked kept in the uploads ledger (catalog's clean-up).
    async (tx) => {
      const keep = await keepCards(tx, dossier);
      return (next) => {
        registerCards(tx, caller.uid, next.dossier!, cardFiles);
        keep();
      };
    },
  );
  return toState(caller.uid, file);
}

/** The forwarder's notice of a decision; the decision's time makes it one event. */
export async function approve(caller: ProfileCaller, userId: string) {
  // The spec: an approved account has its identity card, front and back. Storage is checked before
  // the transaction, which then makes sure it approves the very cards that were checked.
  const checked = (await files().doc(userId).get()).data();
  const cardsChecked = checked?.statut === 'pending' && (await hasBothCards(userId, checked.dossier));
  const file = await change(userId, { event: 'approve', by: caller.uid, at: now() }, (current, stamp) => {
    const same = current?.dossier?.cardFront === checked?.dossier?.cardFront && current?.dossier?.cardBack === checked?.dossier?.cardBack;
    if (!cardsChecked || !same) throw new ApiError('KYC_CARDS_MISSING');
    return { rejectionMotif: null, decidedAt: stamp, decidedBy: caller.uid };
  });
  return toState(userId, file);
}

export async function reject(caller: ProfileCaller, userId: string, rejectionMotif: string) {
  const file = await change(userId, { event: 'reject', by: caller.uid, at: now(), reason: rejectionMotif }, (_, stamp) => ({ rejectionMotif, decidedAt: stamp, decidedBy: caller.uid }));
  return toState(userId, file);
}

/** An admin's view of a file: with short-lived links to its identity cards, which are never public. */
async function toAdminState(userId: string, file: ForwarderFileDocument): Promise<z.input<typeof AdminForwarderFileState>> {
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
