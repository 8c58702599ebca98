/**
 * A dispute's life besides its opening (open-dispute.ts) and its decision (decide.ts): its parties read it
 * (a stranger is answered not found), the seller answers once before DISPUTE_ANSWER_DAYS, each
 * side adds photos, the buyer withdraws it before a decision, an admin takes it (or assigns it).
 */
import type { Request } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { fileStorage } from '../../../adapters/storage/storage';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { storePrivateImage } from '../../catalog';
import { getUser } from '../../identity';
import { disputeMachine } from './machine';
import { type DisputeDocument, disputes } from './model';
import { markSale, saleIn } from './sale';
import type { Dispute, DisputeListQuery } from './schemas';
import { OPEN_DISPUTE_STATUSES } from './state';

const iso = (at: Timestamp) => at.toDate().toISOString();
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function toDispute(id: string, dispute: DisputeDocument): z.input<typeof Dispute> {
  return {
    id,
    vente: dispute.vente,
    acheteur: dispute.acheteur,
    vendeurs: dispute.vendeurs,
    livreur: dispute.livreur,
    montantVente: dispute.montantVente,
    motif: dispute.motif,
    texte: dispute.texte,
    preuves: { acheteur: dispute.preuves.acheteur.map(fileName), vendeur: dispute.preuves.vendeur.map(fileName), photoLivreur: dispute.photoLivreur !== null, livraisonId: dispute.livraisonId },
    remise: { par: dispute.remise.par, at: iso(dispute.remise.at) },
    fondsLiberes: dispute.fondsLiberes,
    reponseVendeur: dispute.reponseVendeur ? { ...dispute.reponseVendeur, at: iso(dispute.reponseVendeur.at) } : null,
    statut: dispute.statut,
    admin: dispute.admin,
    escalade: dispute.escalade,
    echeanceReponse: iso(dispute.echeanceReponse),
    echeanceDecision: iso(dispute.echeanceDecision),
    decision: dispute.decision ? { ...dispute.decision, at: iso(dispute.decision.at) } : null,
    history: dispute.history.map((entry) => ({ ...entry, at: iso(entry.at) })),
    createdAt: iso(dispute.createdAt),
    updatedAt: iso(dispute.updatedAt),
  };
}

const readable = (caller: Pick<ProfileCaller, 'uid' | 'role'>, dispute: DisputeDocument) => dispute.parties.includes(caller.uid) || isAdminRole(caller.role);

export async function readDispute(caller: ProfileCaller, id: string): Promise<DisputeDocument> {
  const dispute = (await disputes().doc(id).get()).data();
  if (!dispute || !readable(caller, dispute)) throw new ApiError('DISPUTE_NOT_FOUND');
  return dispute;
}

/** The disputes the caller is a party of (buyer, seller or courier), newest first. */
export async function myDisputes(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(disputes().where('parties', 'array-contains', caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toDispute(doc.id, doc.data())), total);
}

/** Admin levels: every dispute, by status or escalated, newest first. */
export async function allDisputes(query: z.output<typeof DisputeListQuery>, page: PageRequest) {
  let filtered = disputes().orderBy('createdAt', 'desc');
  if (query.statut) filtered = filtered.where('statut', '==', query.statut);
  if (query.escalade) filtered = filtered.where('escalade', '==', query.escalade === 'true');
  const { docs, total } = await readPage(filtered, page);
  return toPage(page, docs.map((doc) => toDispute(doc.id, doc.data())), total);
}

/** Runs `change` on an open dispute the caller may act on, in a transaction. */
async function onOpen(id: string, mayAct: (dispute: DisputeDocument) => boolean, change: (tx: FirebaseFirestore.Transaction, dispute: DisputeDocument, at: Date) => Promise<Partial<DisputeDocument>> | Partial<DisputeDocument>) {
  const ref = disputes().doc(id);
  return runTransaction(async (tx) => {
    const dispute = (await tx.get(ref)).data();
    if (!dispute || !mayAct(dispute)) throw new ApiError('DISPUTE_NOT_FOUND');
    const at = now();
    const changes = await change(tx, dispute, at);
    const updated = { ...dispute, ...changes, updatedAt: Timestamp.fromDate(at) };
    tx.set(ref, updated);
    return updated;
  });
}

/** The seller answers, once, before DISPUTE_ANSWER_DAYS and before a decision. */
export function answerDispute(caller: ProfileCaller, id: string, texte: string) {
  return onOpen(
    id,
    (dispute) => dispute.vendeurs.includes(caller.uid),
    (_tx, dispute, at) => {
      if (dispute.reponseVendeur || !OPEN_DISPUTE_STATUSES.includes(dispute.statut) || at.getTime() > dispute.echeanceReponse.toMillis()) throw new ApiError('DISPUTE_ANSWER_CLOSED');
      return { reponseVendeur: { texte, by: caller.uid, at: Timestamp.fromDate(at) } };
    },
  );
}

/**
 * The buyer withdraws its dispute before a decision: `retire`, the sale's mark cleared (its money,
 * handed over, is released by commerce's subscriber of the move; a delivery paused for it resumes).
 */
export function withdrawDispute(caller: ProfileCaller, id: string, raison?: string) {
  return onOpen(
    id,
    (dispute) => dispute.acheteur === caller.uid,
    async (tx, dispute, at) => {
      const sale = await saleIn(tx, dispute.vente.kind, dispute.vente.id);
      const moved = disputeMachine.move(tx, { id, from: dispute.statut, event: 'withdraw', at, by: caller.uid, reason: raison ?? null, history: dispute.history, context: dispute });
      if (sale?.litigeOuvert === id) markSale(tx, sale, null);
      return { ...moved, history: moved.history! };
    },
  );
}

/** An admin takes an open dispute (or assigns it to another admin level): `en_examen`, audited. */
export async function takeDispute(caller: ProfileCaller, id: string, assignee?: string) {
  const admin = assignee ?? caller.uid;
  if (assignee && assignee !== caller.uid && !isAdminRole((await getUser(assignee))?.role ?? 'acheteur')) throw new ApiError('USER_NOT_FOUND');
  return onOpen(
    id,
    () => true,
    (tx, dispute, at) => {
      const moved = disputeMachine.move(tx, { id, from: dispute.statut, event: 'take', at, by: caller.uid, reason: admin === caller.uid ? null : `attribué à ${admin}`, history: dispute.history, context: dispute });
      audit(tx, { actor: caller, action: 'dispute.assigned', target: { collection: COLLECTIONS.litiges, id }, before: { statut: dispute.statut, admin: dispute.admin }, after: { statut: moved.statut, admin }, reason: null, context: { montantVente: dispute.montantVente } });
      return { ...moved, history: moved.history!, admin };
    },
  );
}

/** A photo of the buyer's or a seller's, stored privately in the dispute's area, at most DISPUTE_EVIDENCE_MAX per side, while it is open. */
export async function addEvidence(caller: ProfileCaller, id: string, req: Request) {
  const dispute = await readDispute(caller, id);
  const side = dispute.acheteur === caller.uid ? 'acheteur' : dispute.vendeurs.includes(caller.uid) ? 'vendeur' : undefined;
  if (!side) throw new ApiError('DISPUTE_NOT_FOUND');
  if (!OPEN_DISPUTE_STATUSES.includes(dispute.statut)) throw new ApiError('INVALID_TRANSITION');
  const max = config().DISPUTE_EVIDENCE_MAX;
  if (dispute.preuves[side].length >= max) throw new ApiError('DISPUTE_EVIDENCE_LIMIT');
  const stored = await storePrivateImage(req, caller.uid, `litiges/${id}/`, 'disputeEvidence');
  // Recorded in a transaction: two photos at once both counted, never past the limit.
  await onOpen(
    id,
    () => true,
    (_tx, current) => {
      if (current.preuves[side].length >= max) throw new ApiError('DISPUTE_EVIDENCE_LIMIT');
      return { preuves: { ...current.preuves, [side]: [...current.preuves[side], stored.path] } };
    },
  );
  return { fichier: fileName(stored.path), contentType: stored.contentType, size: stored.size };
}

/** One evidence photo of the dispute, for its parties and admins. */
export async function readEvidence(caller: ProfileCaller, id: string, fichier: string) {
  const dispute = await readDispute(caller, id);
  const path = [...dispute.preuves.acheteur, ...dispute.preuves.vendeur].find((each) => fileName(each) === fichier);
  const file = path ? await (await fileStorage()).read(path) : undefined;
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}
