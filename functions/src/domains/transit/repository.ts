/** Firestore access of transit missions. Every change is a transaction on the mission. */
import { FieldPath, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import { type MissionHistoryEntry, type MissionMover, missionMachine } from './machine';
import type { MissionEvent, MissionStatus } from './state';

export interface MissionDocument {
  article: string;
  acheteur: string;
  transitaire: string | null;
  statut: MissionStatus;
  modeLivraison: 'transit' | 'consommation';
  paysDestination: string | null;
  detailsSupplementaires: string | null;
  articleTitre: string;
  dateSelectionTransitaire: Timestamp | null;
  dateTransfer: Timestamp | null;
  dateTraite: Timestamp | null;
  verificationApproved: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Its moves (machine.ts), the latest last; absent on missions last moved before the machine kept them. */
  history?: MissionHistoryEntry[];
}

/** A mission's fields besides its status and history, which its machine writes. */
export type MissionFields = Omit<MissionDocument, 'statut' | 'history' | 'updatedAt'>;

const missions = () => collection<MissionDocument>(COLLECTIONS.transitMissions);

/** One mission per (article, buyer): the id says which, so parallel starts meet on one document. */
export function missionId(articleId: string, buyer: string): string {
  return `${articleId}_${buyer}`;
}

export async function findMission(id: string): Promise<MissionDocument | undefined> {
  return (await missions().doc(id).get()).data();
}

/**
 * What a caller decides on the fresh mission: a new mission (`start`, created `parcours` by its
 * machine), or the move of the table it asks (`move`, by `by`) and the other fields it changes.
 */
export type Decision = { start: MissionFields; by: MissionMover } | { move?: MissionEvent; by?: MissionMover; fields?: Partial<MissionFields> };

/**
 * Read-modify-write of one mission (created when missing and `decide` answers `start`).
 * `decide` runs on the fresh document and may refuse with an ApiError: nothing is written then;
 * `null` leaves an existing mission as it is, so a repeated call changes nothing.
 */
export async function mutateMission(id: string, decide: (current: MissionDocument | undefined) => Decision | null, at: Date): Promise<MissionDocument> {
  return mutateMissionWith(id, async () => undefined, (current) => decide(current), at);
}

/**
 * The same, with `read` run in the same transaction (the buyer's purchase, from its own domain):
 * the decision and what it rests on are one consistent snapshot.
 *
 * The mission is read before `read`, never beside it: parallel selections all lock the mission, and
 * a transaction that reached the purchase first while another held the mission would wait for it
 * as it waits for them. The Firestore emulator breaks such a cycle only by its lock timeout (2 s),
 * and contenders retrying in step met again: 20 selections at once took over 50 s and ended in 500s
 * in 2 of 8 trials with both reads in parallel, about 2 s in 8 of 8 with the mission first.
 */
export async function mutateMissionWith<T>(
  id: string,
  read: (tx: Transaction) => Promise<T>,
  decide: (current: MissionDocument | undefined, read: T) => Decision | null,
  at: Date,
): Promise<MissionDocument> {
  const ref = missions().doc(id);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const extra = await read(tx);
    const current = snapshot.data();
    const decision = decide(current, extra);
    if (decision === null) return current ?? missingMission();
    const updatedAt = Timestamp.fromDate(at);
    // Every write of a mission passes here, and every status it enters through its machine: said
    // with the write (dashboard counters, the forwarder's realtime feed), with the table's event
    // that moved it (the party it tells, tells.ts) and the forwarder concerned (the one it had, when it leaves).
    if ('start' in decision) {
      const mission = { ...decision.start, updatedAt };
      const created: MissionDocument = { ...mission, ...missionMachine.start(tx, { id, to: 'parcours', at, by: decision.by, context: mission }) };
      tx.create(ref, created);
      return created;
    }
    if (!current) return missingMission();
    const after = { ...current, ...decision.fields, updatedAt };
    const moved = decision.move
      ? missionMachine.move(tx, { id, from: current.statut, event: decision.move, at, by: decision.by ?? 'system', history: current.history ?? [], context: { ...after, transitaire: after.transitaire ?? current.transitaire } })
      : {};
    const changes = { ...decision.fields, updatedAt, ...moved };
    tx.update(ref, changes);
    return { ...after, ...moved };
  });
}

export function missingMission(): never {
  throw new ApiError('MISSION_NOT_FOUND');
}

export async function listMissions(filters: { acheteur?: string; transitaire?: string; statut?: string; statuses?: MissionStatus[] }, page: PageRequest) {
  let query: Query<MissionDocument> = missions();
  if (filters.acheteur) query = query.where('acheteur', '==', filters.acheteur);
  if (filters.transitaire) query = query.where('transitaire', '==', filters.transitaire);
  if (filters.statut) query = query.where('statut', '==', filters.statut);
  if (filters.statuses) query = query.where('statut', 'in', filters.statuses);
  query = query.orderBy('updatedAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, mission: doc.data() })), total };
}

/** The buyer's missions of an article that a cancellation may still stop (bounded: one per buyer). */
export async function findMissionsOfArticle(articleId: string, buyer: string): Promise<string[]> {
  const mission = await missions().doc(missionId(articleId, buyer)).get();
  return mission.exists ? [mission.id] : [];
}

/**
 * A page of the ids of a forwarder's missions in a state, after the cursor `after` (an id).
 * Equalities ordered by id: served by the automatic single-field indexes.
 */
export async function assignedMissionIds(forwarder: string, statut: MissionStatus, limit: number, after?: string): Promise<string[]> {
  let query = missions().where('transitaire', '==', forwarder).where('statut', '==', statut).orderBy(FieldPath.documentId()).limit(limit);
  if (after) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => doc.id);
}
