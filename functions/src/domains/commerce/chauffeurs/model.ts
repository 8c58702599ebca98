/**
 * What driver requests are in Firestore: `chauffeurDemandes/{id}`, and while one is open
 * (`en_attente`) its member of the `demande` nearby index, `nearbyCells/demande/demande_{cell}/{id}`
 * (core/nearby-members), which is what drivers' open list reads and answers. The member holds the
 * meeting place's area, never its point, address or note: the index itself shows a driver nothing
 * exact (who accepts reads the request).
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { approximateArea, type Point } from '../../../core/nearby';
import type { DemandeStatus } from './state';

export interface DemandeDocument {
  acheteur: string;
  articleId: string | null;
  articleTitre: string | null;
  trajet: { depart: string; arrivee: string } | null;
  date: Timestamp;
  /** `point` null only on requests made before a point was required (never offered: docs/guides/commerce.md, Driver requests). */
  lieu: { adresse: string; point: Point | null };
  /** geohashOf(lieu.point), for admin tools; absent on requests stored before the index. */
  geohash?: string | null;
  /** The cell of the request's member (null: none, it is not open or has no point); absent before the index. */
  cell?: string | null;
  note: string;
  statut: DemandeStatus;
  chauffeur: string | null;
  refusedBy: string[];
  motif: string | null;
  /** Moves made so far: the key of each change's notice. */
  version: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** `nearbyCells/demande/demande_{cell}/{id}`: an open request as drivers' list reads and shows it. */
export interface DemandeMember {
  /** The meeting place's area (approximateArea): the member's cell is the area's. */
  position: Point;
  articleId: string | null;
  articleTitre: string | null;
  trajet: { depart: string; arrivee: string } | null;
  date: Timestamp;
  /** Drivers who gave it up: not offered to them again. */
  refusedBy: string[];
  createdAt: Timestamp;
}

/** The member of `demande`: one while it is open with a point, none otherwise. */
export function memberOf(demande: DemandeDocument): DemandeMember | null {
  if (demande.statut !== 'en_attente' || !demande.lieu.point) return null;
  const { articleId, articleTitre, trajet, date, refusedBy, createdAt } = demande;
  return { position: approximateArea(demande.lieu.point), articleId, articleTitre, trajet, date, refusedBy, createdAt };
}
