/**
 * Contacts between a buyer and a tricycle driver. The contact's id is the pair
 * (`{buyer}_{driver}`), so there is never more than one open contact per buyer and driver: two
 * opens at once meet one document in their transactions, and a contact that closed is opened again
 * instead of duplicated. Every move is a transaction through the status table (state.ts) and tells
 * the other side in that transaction; an acceptance emits `tricycle.contact_accepted`, on which
 * commerce opens the chat room of the two.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS, isoOrNull } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { drivers, isAvailable } from './drivers';
import { contactIdOf, type TricycleContactDocument } from './model';
import type { AdminContactsQuery, ContactRequest, TricycleContact } from './schemas';
import { contactMachine } from './machine';
import { type ContactEvent, type ContactStatus, OPEN_CONTACT_STATUSES } from './state';

type ContactOutput = z.input<typeof TricycleContact>;

export const contacts = () => collection<TricycleContactDocument>(COLLECTIONS.tricycleContacts);

function toContact(id: string, contact: TricycleContactDocument): ContactOutput {
  return {
    id,
    acheteur: contact.acheteur,
    chauffeur: contact.chauffeur,
    statut: contact.statut,
    message: contact.message,
    position: contact.position,
    chauffeurNom: contact.chauffeurNom,
    acheteurNom: contact.acheteurNom,
    vehicule: contact.vehicule,
    plaque: contact.plaque,
    closedBy: contact.closedBy,
    acceptedAt: isoOrNull(contact.acceptedAt),
    openedAt: contact.openedAt.toDate().toISOString(),
    updatedAt: contact.updatedAt.toDate().toISOString(),
  };
}

const fullName = (nom: unknown, prenoms: unknown) => [prenoms, nom].filter((part) => typeof part === 'string' && part.length > 0).join(' ');

/**
 * The buyer opens a contact to an available driver, or gets the one already open with that driver
 * (`created: false`, nothing changed, nobody told again).
 */
export async function openContact(caller: ProfileCaller, input: z.output<typeof ContactRequest>): Promise<{ created: boolean; contact: ContactOutput }> {
  const id = contactIdOf(caller.uid, input.chauffeur);
  const driverRef = drivers().doc(input.chauffeur);
  const ref = contacts().doc(id);
  return runTransaction(async (tx) => {
    const [driverSnap, contactSnap] = await Promise.all([tx.get(driverRef), tx.get(ref)]);
    const driver = driverSnap.data();
    const existing = contactSnap.data();
    if (!driver) throw new ApiError('TRICYCLE_DRIVER_NOT_FOUND');
    if (existing && (OPEN_CONTACT_STATUSES as readonly ContactStatus[]).includes(existing.statut)) return { created: false, contact: toContact(id, existing) };
    const at = now();
    // Closed a moment ago: opening again at once would only ring the driver's phone once more.
    if (existing && at.getTime() < existing.updatedAt.toMillis() + config().TRICYCLE_CONTACT_REOPEN_SECONDS * 1000) throw new ApiError('TRICYCLE_CONTACT_TOO_SOON');
    if (!isAvailable(driver, at)) throw new ApiError('TRICYCLE_DRIVER_OFFLINE');
    const acheteurNom = fullName(caller.profile.nom, caller.profile.prenoms);
    // What the event tells the driver (tells.ts): who opens, and the contact's version.
    const told = { acheteur: caller.uid, chauffeur: input.chauffeur, acheteurNom, chauffeurNom: fullName(driver.nom, driver.prenoms), version: (existing?.version ?? 0) + 1 };
    // A contact that ended opens again by the table; a new one starts `initiated`, its event from null.
    const opened = existing
      ? contactMachine.move(tx, { id, from: existing.statut, event: 'open', at, by: caller.uid, history: existing.history, context: told })
      : { ...contactMachine.start(tx, { id, to: 'initiated', event: 'open', at, by: caller.uid, context: told }), updatedAt: Timestamp.fromDate(at) };
    const { statut, updatedAt: stamp } = opened;
    const contact: TricycleContactDocument = {
      acheteur: caller.uid,
      chauffeur: input.chauffeur,
      statut,
      message: input.message ?? null,
      position: input.position ?? null,
      chauffeurNom: told.chauffeurNom,
      vehicule: driver.vehicule,
      plaque: driver.plaque,
      acheteurNom,
      openings: (existing?.openings ?? 0) + 1,
      version: told.version,
      acceptedAt: existing?.acceptedAt ?? null,
      closedBy: null,
      history: opened.history!,
      openedAt: stamp,
      updatedAt: stamp,
    };
    tx.set(ref, contact);
    return { created: true, contact: toContact(id, contact) };
  });
}

/** The contact after one move of the table by `by`: its new status, version and history entry, and what the move changes. */
function moved(
  tx: Transaction,
  id: string,
  contact: TricycleContactDocument,
  event: Exclude<ContactEvent, 'open'>,
  by: string,
  at: Date,
  changes: (stamp: Timestamp) => Partial<TricycleContactDocument>,
): TricycleContactDocument {
  // Its event tells the other side (tells.ts), with the version after the move.
  const move = contactMachine.move(tx, { id, from: contact.statut, event, at, by, history: contact.history, context: { ...contact, version: contact.version + 1 } });
  return { ...contact, ...changes(move.updatedAt), ...move, history: move.history!, version: contact.version + 1 };
}

type Side = 'acheteur' | 'chauffeur';

/** The caller's side of the contact; anyone else is answered not found, so ids reveal nothing. */
function sideOf(caller: ProfileCaller, contact: TricycleContactDocument | undefined): Side {
  if (contact?.acheteur === caller.uid) return 'acheteur';
  if (contact?.chauffeur === caller.uid) return 'chauffeur';
  throw new ApiError('TRICYCLE_CONTACT_NOT_FOUND');
}

/** One move of a contact by one of its sides, in a transaction, through the table. */
async function move(caller: ProfileCaller, id: string, event: Exclude<ContactEvent, 'open'>, sides: readonly Side[]): Promise<ContactOutput> {
  const ref = contacts().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    const side = sideOf(caller, current);
    // The driver's moves are not the buyer's: to the buyer, accepting its own contact is no action of its.
    if (!sides.includes(side)) throw new ApiError('FORBIDDEN_ROLE');
    const contact = current!;
    const updated = moved(tx, id, contact, event, caller.uid, now(), (stamp) => ({
      acceptedAt: event === 'accept' ? stamp : contact.acceptedAt,
      closedBy: event === 'decline' ? 'declined' : event === 'close' ? side : contact.closedBy,
    }));
    const stamp = updated.updatedAt;
    tx.set(ref, updated);
    if (event === 'accept') {
      emit(tx, 'tricycle.contact_accepted', `${id}_${updated.openings}`, {
        contactId: id,
        acheteur: contact.acheteur,
        chauffeur: contact.chauffeur,
        acceptedAt: stamp.toDate().toISOString(),
      });
    }
    return toContact(id, updated);
  });
}

/** Open contacts of one driver closed at once: a driver has a handful; more wait for the next profile change. */
const SYSTEM_CLOSE_BATCH = 100;

/**
 * A driver taken out (blocked, or no longer a chauffeur): its open contacts closed by `system`, each
 * in its own transaction and its buyer told, so no buyer waits on a driver who cannot answer.
 * Idempotent: a contact closed meanwhile is left as it is.
 */
export async function closeContactsOfDriver(uid: string): Promise<number> {
  const open = await contacts().where('chauffeur', '==', uid).where('statut', 'in', [...OPEN_CONTACT_STATUSES]).limit(SYSTEM_CLOSE_BATCH).get();
  let closed = 0;
  for (const doc of open.docs) {
    closed += await runTransaction(async (tx) => {
      const contact = (await tx.get(doc.ref)).data();
      if (!contact || !(OPEN_CONTACT_STATUSES as readonly ContactStatus[]).includes(contact.statut)) return 0;
      const updated = moved(tx, doc.id, contact, 'close', 'system', now(), () => ({ closedBy: 'system' }));
      tx.set(doc.ref, updated);
      return 1;
    });
  }
  return closed;
}

export const acceptContact = (caller: ProfileCaller, id: string) => move(caller, id, 'accept', ['chauffeur']);
export const declineContact = (caller: ProfileCaller, id: string) => move(caller, id, 'decline', ['chauffeur']);
export const closeContact = (caller: ProfileCaller, id: string) => move(caller, id, 'close', ['acheteur', 'chauffeur']);

export async function readContact(caller: ProfileCaller, id: string): Promise<ContactOutput> {
  const contact = (await contacts().doc(id).get()).data();
  sideOf(caller, contact);
  return toContact(id, contact!);
}

/** The caller's contacts, latest move first: a buyer's as buyer, a driver's as driver. */
export async function myContacts(caller: ProfileCaller, statut: ContactStatus | undefined, page: PageRequest) {
  let query = contacts().where(caller.role === 'chauffeur' ? 'chauffeur' : 'acheteur', '==', caller.uid);
  if (statut) query = query.where('statut', '==', statut);
  const { docs, total } = await readPage(query.orderBy('updatedAt', 'desc'), page);
  return toPage(page, docs.map((doc) => toContact(doc.id, doc.data())), total);
}

export async function adminContacts(filters: z.output<typeof AdminContactsQuery>, page: PageRequest) {
  let query = contacts().orderBy('updatedAt', 'desc');
  if (filters.statut) query = query.where('statut', '==', filters.statut);
  if (filters.acheteur) query = query.where('acheteur', '==', filters.acheteur);
  if (filters.chauffeur) query = query.where('chauffeur', '==', filters.chauffeur);
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toContact(doc.id, doc.data())), total);
}
