/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
/**
 * Forwarder account verification: `none` -> `pending` (the forwarder submits its identity card,
 * front and back, as its own private uploads (catalog/kyc/service.ts), and company data) -> `approved` | `rejected` (an admin decides, with a reason
 * for a refusal). A rejected or empty file can be submitted again; a pending one cannot. The file,
 * the profile's copy of its status (identity's writer) and the forwarder's directory entry change
 * in one transaction, which also emits the change as a fact;
 * the forwarder is told of each decision (notification and push, in its language).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
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
import { CARD_SIDES, type Dossier, files, type Status, type VerificationDocument } from './model';
import { fileMachine } from './machine';
import type { AdminVerificationState, VerificationState } from './schemas';

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

/**
 * Changes the file and the forwarder's directory entry together, with its events; `decide` sees the
 * fresh file. `alsoWrite` reads what it needs in the transaction first and answers its writes.
 */
async function change(
  userId: string,
  decide: (current: VerificationDocument | undefined) => Partial<VerificationDocument>,
  alsoWrite?: (tx: Transaction) => Promise<(next: VerificationDocument) => void>,
) {
  const fileRef = files().doc(userId);
  return runTransaction(async (tx) => {
    const [file, profile, writeListing, writeAlso] = await Promise.all([tx.get(fileRef), forwarderFileStatusWriter(tx, userId), listingWriter(tx, userId), alsoWrite?.(tx)]);
    if (profile.user?.role !== 'transitaire') throw new ApiError('USER_NOT_FOUND');
    const current = file.data();
    const next = { ...current, ...decide(current) } as VerificationDocument;
    tx.set(fileRef, next);
    writeListing(profile.user, next);
    writeAlso?.(next);
    // A new decision is said with the change: the forwarder is told (tells.ts).
    const decided = next.decidedAt && next.decidedAt.toMillis() !== current?.decidedAt?.toMillis() ? next.decidedAt.toMillis() : null;
    // The profile shows the status from this very commit: `/me` reads it right after the answer
    // (an event's subscriber would leave the old status there until it ran).
    const at = now().getTime();
    profile.write({ statut: next.statut, ...(next.rejectionMotif ? { rejectionMotif: next.rejectionMotif } : {}) }, at);
    emit(tx, 'transitaire.verification_changed', `${userId}_${at}`, { uid: userId, statut: next.statut, rejectionMotif: next.rejectionMotif ?? null, at, decidedAt: decided });
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
  const cardFiles = await cardFilesOf(dossier);
  const at = Timestamp.fromDate(now());
  const file = await change(
    caller.uid,
    (current) => {
      return { statut: fileMachine.decide(current?.statut ?? 'none', 'submit'), dossier, rejectionMotif: null, submittedAt: at, decidedAt: null, decidedBy: null, deletedCards: {} };
    },
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
  const file = await change(userId, (current) => {
    const statut = fileMachine.decide(current?.statut ?? 'none', 'approve');
    const same = current?.dossier?.cardFront === checked?.dossier?.cardFront && current?.dossier?.cardBack === checked?.dossier?.cardBack;
    if (!cardsChecked || !same) throw new ApiError('KYC_CARDS_MISSING');
    return { statut, rejectionMotif: null, decidedAt: Timestamp.fromDate(now()), decidedBy: caller.uid };
  });
  return toState(userId, file);
}

export async function reject(caller: ProfileCaller, userId: string, rejectionMotif: string) {
  const file = await change(userId, (current) => {
    return { statut: fileMachine.decide(current?.statut ?? 'none', 'reject'), rejectionMotif, decidedAt: Timestamp.fromDate(now()), decidedBy: caller.uid };
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
