/**
 * An agent's zone as an area (DOMAIN.md, Fair exchange, "Agents' zones"): made from what an admin
 * sends (a circle, or a polygon checked once by geo/outline.ts), asked whether a position lies inside
 * it (the presence rule, journal/presence.ts), and shown (admin routes, the agent's dashboard). Pure:
 * no Firestore.
 */
import type { z } from 'zod';
import { distanceKm, inBox, inRing, type OutlineProblem, outlineOf } from '../../geo';
import type { AgentDocument, LatLng, PresenceArea } from '../model';
import type { PresenceZone, PresenceZoneRequest } from './schemas';

const toPoint = ({ lat, lng }: LatLng) => ({ latitude: lat, longitude: lng });
const toLatLng = ({ latitude, longitude }: { latitude: number; longitude: number }): LatLng => ({ lat: latitude, lng: longitude });

/** The area an admin's request describes (the schema let through a circle or a polygon, never both), or why its outline is refused. */
export function areaOf(input: z.output<typeof PresenceZoneRequest>): PresenceArea | OutlineProblem {
  if (input.polygone) {
    const outline = outlineOf(input.polygone.map(toPoint));
    if (typeof outline === 'string') return outline;
    return { polygone: outline.ring.map(toLatLng), bbox: outline.bbox };
  }
  return { centre: { lat: input.centre!.lat, lng: input.centre!.lng }, rayonM: input.rayonM! };
}

/** Whether `position` lies in the area: within the radius of the centre (great circle), or inside the polygon or on its edge. */
export function inArea(area: PresenceArea, position: LatLng): boolean {
  if ('centre' in area) return distanceKm(toPoint(area.centre), toPoint(position)) * 1000 <= area.rayonM;
  const point = toPoint(position);
  return inBox(area.bbox, point) && inRing(area.polygone.map(toPoint), point);
}

/** The area as the admin gave it, for the audit trail (the bounding box is the service's). */
export function auditedArea(area: PresenceArea | null | undefined): Record<string, unknown> | null {
  if (!area) return null;
  return 'centre' in area ? { centre: area.centre, rayonM: area.rayonM } : { polygone: area.polygone };
}

/** What the admin routes and the agent's dashboard show of an agent's zone: the area, or that none is set. */
export function zoneView(agent: AgentDocument | undefined): z.input<typeof PresenceZone> {
  const area = agent?.presenceZone;
  // eslint-disable-next-line boundaries/status-via-machine -- whether a zone is set, derived for the view: no process moves it
  if (!area) return { statut: 'non_definie', centre: null, rayonM: null, polygone: null, definedAt: null, definedBy: null };
  return {
    // eslint-disable-next-line boundaries/status-via-machine -- derived for the view, as above
    statut: 'definie',
    centre: 'centre' in area ? area.centre : null,
    rayonM: 'centre' in area ? area.rayonM : null,
    polygone: 'polygone' in area ? area.polygone : null,
    definedAt: agent?.presenceZoneAt ? agent.presenceZoneAt.toDate().toISOString() : null,
    definedBy: agent?.presenceZoneBy ?? null,
  };
}
