/**
 * When a position earns the presence bonus (docs/guides/agents.md, "Presence in the agent's zone" and
 * "Presence only on land of a served country"): when the app gave the position's accuracy, one within AGENT_PRESENCE_MAX_ACCURACY_M; inside
 * the agent's zone when an admin set one as an area (DOMAIN.md, "Agents' zones"; zone/area.ts); and on
 * the land of a country of `GET /api/geo/countries` (its borders, within
 * AGENT_PRESENCE_COAST_TOLERANCE_M of the coast). An agent without an area keeps the land rule alone.
 * The agent's call and the backfill both ask here.
 */
import { config } from '../../../core/config';
import { servedCountryAt } from '../../geo';
import type { LatLng, PresenceArea } from '../model';
import { inArea } from '../zone/area';

export const PRESENCE_REFUSALS = ['hors_zone', 'hors_zone_attribuee', 'precision_insuffisante'] as const;
export type PresenceRefusal = (typeof PRESENCE_REFUSALS)[number];

/**
 * Why the position earns no bonus, or null when it earns one. Cheapest first: the accuracy and the
 * area need no borders.
 */
export async function presenceRefusal(position: LatLng, accuracyM: number | null | undefined, area: PresenceArea | null | undefined): Promise<PresenceRefusal | null> {
  const settings = config();
  if (accuracyM !== undefined && accuracyM !== null && accuracyM > settings.AGENT_PRESENCE_MAX_ACCURACY_M) return 'precision_insuffisante';
  if (area && !inArea(area, position)) return 'hors_zone_attribuee';
  return (await servedCountryAt(position, settings.AGENT_PRESENCE_COAST_TOLERANCE_M)) ? null : 'hors_zone';
}
