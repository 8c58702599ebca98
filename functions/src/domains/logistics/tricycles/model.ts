/**
 * What tricycle drivers and contacts are in Firestore.
 *
 * A tricycle driver is a `chauffeur` account that has published a tricycle status at least once
 * (`PUT /api/tricycles/me/status`): its `tricycleDrivers/{uid}` document is its public card
 * (names copied from its profile, vehicle, plate, price hint) and its presence (online flag,
 * position and its geohash, when the position was written). A chauffeur who never published has
 * no document and is not a tricycle driver. While online with a position it is also a member of the
 * `tricycle` nearby index (`TricycleMember`), written in the same transaction (drivers.ts).
 */
import type { Timestamp } from 'firebase-admin/firestore';
import type { Point } from '../../../core/nearby';
import type { ContactStatus } from './state';

/** `tricycleDrivers/{uid}`. */
export interface TricycleDriverDocument {
  uid: string;
  online: boolean;
  /** The last published position (kept while offline; offline drivers are never searched). */
  position: Point | null;
  /** geohashOf(position) (full precision: for admin tools; the search uses the cell index). */
  geohash: string | null;
  /** The cell of the driver's nearby member (core/nearby-members), null when it has none (offline, or no position). */
  cell: string | null;
  /** When `position` was written: the location throttle and the freshness of the search read it. */
  locationAt: Timestamp | null;
  nom: string;
  prenoms: string;
  photoUrl: string | null;
  /** How buyers recognise the tricycle (model, colour). */
  vehicule: string;
  plaque: string;
  /** An indicative price of a trip in town (XOF), negotiated in the chat; null: none given. */
  prixIndicatif: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * `nearbyCells/tricycle/tricycle_{cell}/{uid}`: an online driver as the nearby search reads and
 * answers it (the card of the route, so no second read), in the cell of its position.
 */
export type TricycleMember = Pick<TricycleDriverDocument, 'uid' | 'nom' | 'prenoms' | 'photoUrl' | 'vehicule' | 'plaque' | 'prixIndicatif'> & {
  position: Point;
  locationAt: Timestamp;
};

export interface ContactHistoryEntry {
  statut: ContactStatus;
  /** The event that moved it (`open`, `accept`, `decline`, `close`, or `offline` for a driver taken offline). */
  event: string;
  at: Timestamp;
  /** The uid that moved it, or `system`. */
  by: string;
}

/** `tricycleContacts/{buyerUid}_{driverUid}`: the one contact of a buyer and a driver, opened again after it closes. */
export interface TricycleContactDocument {
  acheteur: string;
  chauffeur: string;
  statut: ContactStatus;
  /** What the buyer wrote when opening it, and where it waits (both optional). */
  message: string | null;
  position: Point | null;
  /** The driver's name and vehicle when it was opened, so lists need no second read. */
  chauffeurNom: string;
  vehicule: string;
  plaque: string;
  /** The buyer's name when it was opened, for the driver's list. */
  acheteurNom: string;
  /** Times opened: the key of its events and notices with `version`. */
  openings: number;
  /** Moves made so far. */
  version: number;
  /** The last acceptance (null until the driver first accepts): its two sides may chat. */
  acceptedAt: Timestamp | null;
  /** Who closed the current opening: the buyer, the driver, or `declined` when the driver refused it. */
  closedBy: 'acheteur' | 'chauffeur' | 'declined' | 'system' | null;
  /** The latest moves (at most CONTACT_HISTORY_KEPT). */
  history: ContactHistoryEntry[];
  openedAt: Timestamp;
  updatedAt: Timestamp;
}

/** A contact's id from its buyer and driver: two opens at once meet one document. */
export const contactIdOf = (acheteur: string, chauffeur: string): string => `${acheteur}_${chauffeur}`;

/** Moves kept on a contact, so a pair that meets daily does not grow its document for ever. */
export const CONTACT_HISTORY_KEPT = 20;
