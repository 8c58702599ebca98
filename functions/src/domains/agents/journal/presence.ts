/**
 * When a position earns the presence bonus (docs/guides/agents.md, "Presence only on land of a served country"):
 * on the land of a country of `GET /api/geo/countries` (its borders, within
 * AGENT_PRESENCE_COAST_TOLERANCE_M of the coast), and, when the app gave the position's accuracy,
 * one within AGENT_PRESENCE_MAX_ACCURACY_M. The agent's call and the backfill both ask here.
 */
import { config } from '../../../core/config';
import { servedCountryAt } from '../../geo';

export const PRESENCE_REFUSALS = ['hors_zone', 'precision_insuffisante'] as const;
export type PresenceRefusal = (typeof PRESENCE_REFUSALS)[number];

/** Why the position earns no bonus, or null when it earns one. The accuracy is checked first: it needs no borders. */
export async function presenceRefusal(position: { lat: number; lng: number }, accuracyM: number | null | undefined): Promise<PresenceRefusal | null> {
  const settings = config();
  if (accuracyM !== undefined && accuracyM !== null && accuracyM > settings.AGENT_PRESENCE_MAX_ACCURACY_M) return 'precision_insuffisante';
  return (await servedCountryAt(position, settings.AGENT_PRESENCE_COAST_TOLERANCE_M)) ? null : 'hors_zone';
}
