/**
 * Driver requests (`demande`). A buyer asks for a driver for a listing or a trip at a place on the
 * map; drivers see the open requests near them, nearest first, by the area of their place only
 * (open-requests.ts), and accept one: of several drivers accepting at once exactly one wins (a claim decides
 * the race, then a transaction makes the change) and the others get DEMANDE_ALREADY_TAKEN at once.
 * The buyer cancels before or after acceptance; the accepting driver may refuse after all, which
 * opens the request again and keeps that driver out of its offers. Every change notifies the other
 * side, in the transaction that makes it.
 */
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { claimId, withClaim } from '../../../core/claims';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { geohashOf } from '../../../core/nearby';
import { placeMember } from '../../../core/nearby-members';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { getArticle, isPublic } from '../../catalog';
import { requireProvenTelephone } from '../../identity';
import { type DemandeDocument, memberOf } from './model';
import type { AdminDemandesQuery, Demande, DemandeRequest } from './schemas';
import type { DemandeEvent } from './state';
import { demandeMachine } from './machine';
import { newDocumentRef } from '../../../core/ids';

type DemandeOutput = z.input<typeof Demande>;

export const demandes = () => collection<DemandeDocument>(COLLECTIONS.chauffeurDemandes);

/**
 * Writes `demande` (its `cell` set here) with its member of the `demande` nearby index, inside `tx`
 * after its reads: a member while `en_attente` with a point, none otherwise; `previousCell` is the
 * stored document's.
 */
export function writeDemande(tx: Transaction, ref: DocumentReference<DemandeDocument>, previousCell: string | null | undefined, demande: DemandeDocument): DemandeDocument {
  const written = { ...demande, cell: placeMember(tx, 'demande', ref.id, previousCell, memberOf(demande)) };
  tx.set(ref, written);
  return written;
}

function toDemande(id: string, demande: DemandeDocument): DemandeOutput {
  const { date, createdAt, updatedAt, version: _version, geohash: _geohash, cell: _cell, ...rest } = demande;
  return { id, ...rest, date: date.toDate().toISOString(), createdAt: createdAt.toDate().toISOString(), updatedAt: updatedAt.toDate().toISOString() };
}

/**
 * How far ahead a request may be dated: an open request holds a place in the drivers' lists (and
 * in its cell's reads) until its date.
 */
export const DEMANDE_MAX_DAYS_AHEAD = 60;

export async function openDemande(caller: ProfileCaller, input: z.output<typeof DemandeRequest>): Promise<DemandeOutput> {
  const date = new Date(input.date);
  if (date.getTime() <= now().getTime()) throw new ApiError('DEMANDE_DATE_PAST');
  if (date.getTime() > now().getTime() + DEMANDE_MAX_DAYS_AHEAD * 86_400_000) throw new ApiError('DEMANDE_DATE_TOO_FAR');
  let articleTitre: string | null = null;
  if (input.articleId !== undefined) {
    const article = await getArticle(input.articleId);
    if (!article || !isPublic(article, now())) throw new ApiError('ARTICLE_NOT_ONLINE');
    articleTitre = article.titre;
  }
  const at = Timestamp.fromDate(now());
  const ref = newDocumentRef(demandes());
  const demande: DemandeDocument = {
    acheteur: caller.uid,
    articleId: input.articleId ?? null,
    articleTitre,
    trajet: input.trajet ?? null,
    date: Timestamp.fromDate(date),
    lieu: { adresse: input.lieu.adresse, point: input.lieu.point },
    geohash: geohashOf(input.lieu.point),
    cell: null,
    note: input.note ?? '',
    ...demandeMachine.start(null, { id: ref.id, to: 'en_attente', at: at.toDate(), by: caller.uid }),
    chauffeur: null,
    refusedBy: [],
    motif: null,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
  // The request and its member are written together: a driver finds it as soon as it exists.
  await runTransaction(async (tx) => {
    writeDemande(tx, ref, null, demande);
  });
  return toDemande(ref.id, demande);
}

/**
 * One move of a request, in a transaction: `check` refuses what the caller may not do (on the
 * current document), the table decides the next status; its event tells the other side (tells.ts).
 */
async function move(id: string, event: DemandeEvent, check: (demande: DemandeDocument) => void, change: (demande: DemandeDocument) => Partial<DemandeDocument>): Promise<DemandeOutput> {
  const ref = demandes().doc(id);
  return runTransaction(async (tx) => {
    const demande = (await tx.get(ref)).data();
    if (!demande) throw new ApiError('DEMANDE_NOT_FOUND');
    check(demande);
    const next = { ...demande, ...change(demande), version: demande.version + 1 };
    const moved = demandeMachine.move(tx, { id, from: demande.statut, event, at: now(), context: { before: demande, after: next } });
    // Accepted, cancelled or rejected, the request leaves drivers' open lists; released, it is back.
    const updated = writeDemande(tx, ref, demande.cell, { ...next, ...moved });
    return toDemande(id, updated);
  });
}

/** Why `caller` may not accept the request as read (the accept's pre-check on a plain read, then again in its transaction). */
function acceptRefusal(caller: ProfileCaller, demande: DemandeDocument): ApiError | undefined {
  if (demande.statut === 'acceptee') return new ApiError(demande.chauffeur === caller.uid ? 'INVALID_TRANSITION' : 'DEMANDE_ALREADY_TAKEN');
  if (demande.statut !== 'en_attente') return new ApiError('INVALID_TRANSITION');
  if (demande.refusedBy.includes(caller.uid)) return new ApiError('DEMANDE_REFUSED_BEFORE');
  // Its date passed: nobody is waiting any more, and accepting would only show its place.
  if (demande.date.toMillis() <= now().getTime()) return new ApiError('DEMANDE_EXPIRED');
  return undefined;
}

/**
 * A driver accepts an open request. Drivers race for it, and a transaction on the request would
 * make each loser wait for the winner's commit (docs/architecture.md, "Hot documents"): the checks run on a plain
 * read first, then the race is decided by creating the claim of the request's `version` (core/claims:
 * a request given back has a new version, claimed anew), the losers answered DEMANDE_ALREADY_TAKEN
 * at once, writing nothing. The winner's transaction checks again on the request, the truth (a
 * cancel or a rejection may have come since), and a winner whose transaction fails releases the claim.
 * A driver whose telephone is not proven is refused before any of it (PHONE_NOT_VERIFIED).
 */
export async function acceptDemande(caller: ProfileCaller, id: string) {
  // Accepting shows the buyer's exact place: only to a driver whose telephone is proven (DOMAIN.md, "Proven people").
  // Checked first, so an unproven driver learns nothing, not even whether the request exists.
  requireProvenTelephone(caller);
  const seen = (await demandes().doc(id).get()).data();
  if (!seen) throw new ApiError('DEMANDE_NOT_FOUND');
  const early = acceptRefusal(caller, seen);
  if (early) throw early;
  const taken = (): never => {
    throw new ApiError('DEMANDE_ALREADY_TAKEN');
  };
  return withClaim('demande', claimId('demande', id, seen.version), caller.uid, taken, () =>
    move(
      id,
      'accept',
      (demande) => {
        const refused = acceptRefusal(caller, demande);
        if (refused) throw refused;
      },
      () => ({ chauffeur: caller.uid }),
    ),
  );
}

/** The accepting driver gives the request up: open again, not offered to that driver again. */
export function releaseDemande(caller: ProfileCaller, id: string) {
  return move(
    id,
    'release',
    (demande) => {
      if (demande.chauffeur !== caller.uid) throw new ApiError('DEMANDE_NOT_FOUND');
    },
    (demande) => ({ chauffeur: null, refusedBy: [...demande.refusedBy, caller.uid] }),
  );
}

/** The buyer cancels, before or after a driver accepted (that driver is told). */
export function cancelDemande(caller: ProfileCaller, id: string) {
  return move(
    id,
    'cancel',
    (demande) => {
      if (demande.acheteur !== caller.uid) throw new ApiError('DEMANDE_NOT_FOUND');
    },
    () => ({}),
  );
}

/** An admin rejects a request (with its reason); the buyer and the accepted driver, if any, are told. */
export function rejectDemande(id: string, motif: string) {
  return move(
    id,
    'reject',
    () => undefined,
    () => ({ motif }),
  );
}

/** One request, for its buyer or the driver who accepted it; anyone else is answered not found. */
export async function readDemande(caller: ProfileCaller, id: string): Promise<DemandeOutput> {
  const demande = (await demandes().doc(id).get()).data();
  if (!demande || (demande.acheteur !== caller.uid && demande.chauffeur !== caller.uid)) throw new ApiError('DEMANDE_NOT_FOUND');
  return toDemande(id, demande);
}

export async function myDemandes(caller: ProfileCaller, page: PageRequest) {
  const query = demandes().where('acheteur', '==', caller.uid).orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toDemande(doc.id, doc.data())), total);
}

export async function adminDemandes(filters: z.output<typeof AdminDemandesQuery>, page: PageRequest) {
  let query = demandes().orderBy('createdAt', 'desc');
  if (filters.statut) query = query.where('statut', '==', filters.statut);
  if (filters.acheteur) query = query.where('acheteur', '==', filters.acheteur);
  if (filters.chauffeur) query = query.where('chauffeur', '==', filters.chauffeur);
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toDemande(doc.id, doc.data())), total);
}
