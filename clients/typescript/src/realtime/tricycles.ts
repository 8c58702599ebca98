/**
 * Tricycles' realtime documents (docs/guides/logistics.md, "Tricycles"): a contact
 * (`tricycleContacts/{buyerUid}_{driverUid}`, read by its buyer and its driver: its status moves) and
 * a driver's own presence (`tricycleDrivers/{uid}`, read by that driver only).
 */
import { doc, type Firestore, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { components } from '../generated/openapi.js';
import { dateOf, dateOrNull, type ListenOptions, type Position, positionOrNull, readOnly, stringOrNull } from './read.js';

type ContactView = components['schemas']['TricycleContact'];

export interface TricycleContactDocument {
  id: string;
  acheteur: string;
  chauffeur: string;
  statut: ContactView['statut'];
  /** Who closed the current opening (`declined`: the driver refused it), null while open. */
  closedBy: ContactView['closedBy'];
  message: string | null;
  /** Where the buyer waits, when it said. */
  position: Position | null;
  acheteurNom: string;
  chauffeurNom: string;
  vehicule: string;
  plaque: string;
  /** The last acceptance: its two sides may chat since. */
  acceptedAt: Date | null;
  openedAt: Date;
  updatedAt: Date;
}

const contactConverter = readOnly<TricycleContactDocument>((id, data) => ({
  id,
  acheteur: String(data.acheteur),
  chauffeur: String(data.chauffeur),
  statut: data.statut as ContactView['statut'],
  closedBy: (data.closedBy ?? null) as ContactView['closedBy'],
  message: stringOrNull(data.message),
  position: positionOrNull(data.position),
  acheteurNom: String(data.acheteurNom ?? ''),
  chauffeurNom: String(data.chauffeurNom ?? ''),
  vehicule: String(data.vehicule ?? ''),
  plaque: String(data.plaque ?? ''),
  acceptedAt: dateOrNull(data.acceptedAt),
  openedAt: dateOf(data.openedAt),
  updatedAt: dateOf(data.updatedAt),
}));

/** A contact, for its buyer and its driver, again at each move; null when there is none. */
export function listenToTricycleContact(
  firestore: Firestore,
  contactId: string,
  onContact: (contact: TricycleContactDocument | null) => void,
  options: ListenOptions = {},
): Unsubscribe {
  return onSnapshot(doc(firestore, 'tricycleContacts', contactId).withConverter(contactConverter), (snapshot) => onContact(snapshot.data() ?? null), options.onError);
}

export interface TricycleDriverPresence {
  uid: string;
  online: boolean;
  /** The last published position (kept while offline). */
  position: Position | null;
  locationAt: Date | null;
  updatedAt: Date;
}

const presenceConverter = readOnly<TricycleDriverPresence>((id, data) => ({
  uid: id,
  online: data.online === true,
  position: positionOrNull(data.position),
  locationAt: dateOrNull(data.locationAt),
  updatedAt: dateOf(data.updatedAt),
}));

/** The driver's own presence (online, last position), again at each change; null before its profile exists. */
export function listenToTricycleDriver(
  firestore: Firestore,
  driverUid: string,
  onPresence: (presence: TricycleDriverPresence | null) => void,
  options: ListenOptions = {},
): Unsubscribe {
  return onSnapshot(doc(firestore, 'tricycleDrivers', driverUid).withConverter(presenceConverter), (snapshot) => onPresence(snapshot.data() ?? null), options.onError);
}
