/** An agent's zone (DOMAIN.md, "Agents' zones"): what admin levels send to set it, and how it is shown. */
import { z } from 'zod';
import { MAX_ZONE_POINTS } from '../../geo';

/** The radius of a circular zone, in metres: from a street corner's block to a large town and its outskirts. */
export const ZONE_RADIUS_M = { min: 100, max: 50_000 } as const;

const ZonePoint = z
  .strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
  .meta({ id: 'AgentZonePoint', description: 'A point in decimal degrees (WGS 84), as the agent’s `zoneLocation`.' });

const circleOrPolygon = (zone: { centre?: unknown; rayonM?: unknown; polygone?: unknown }) =>
  zone.polygone === undefined ? zone.centre !== undefined && zone.rayonM !== undefined : zone.centre === undefined && zone.rayonM === undefined;

export const PresenceZoneRequest = z
  .strictObject({
    centre: ZonePoint.optional().meta({ description: 'The circle’s centre, with `rayonM`.' }),
    rayonM: z
      .number()
      .int()
      .min(ZONE_RADIUS_M.min)
      .max(ZONE_RADIUS_M.max)
      .optional()
      .meta({ description: `The circle’s radius in whole metres, ${ZONE_RADIUS_M.min} to ${ZONE_RADIUS_M.max}.`, example: 5000 }),
    polygone: z
      .array(ZonePoint)
      .min(3)
      .max(MAX_ZONE_POINTS + 1)
      .optional()
      .meta({
        description: `Or the outline, as a ring of points in order (closed or not). At least three distinct points, at most ${MAX_ZONE_POINTS}, enclosing an area, edges not crossing (AGENT_ZONE_POLYGON_INVALID otherwise).`,
      }),
  })
  .refine(circleOrPolygon, { message: 'Give a circle (`centre` and `rayonM`) or a `polygone`, not both.', path: ['polygone'] })
  .meta({ id: 'AgentZoneRequest', description: 'The agent’s zone as an area: a circle (`centre`, `rayonM`) or a polygon (`polygone`).' });

export const PresenceZone = z
  .object({
    statut: z
      .enum(['definie', 'non_definie'])
      .meta({ description: '`non_definie`: no admin set the agent’s area yet; until one does, the presence bonus needs a position on the land of a served country only.' }),
    centre: z.object({ lat: z.number(), lng: z.number() }).nullable().meta({ description: 'A circular zone’s centre; null otherwise.' }),
    rayonM: z.number().int().nullable().meta({ description: 'A circular zone’s radius in metres; null otherwise.' }),
    polygone: z
      .array(z.object({ lat: z.number(), lng: z.number() }))
      .nullable()
      .meta({ description: 'A polygonal zone’s outline as stored: open (no closing point), without repeated points; null otherwise.' }),
    definedAt: z.string().nullable().meta({ description: 'When an admin set it (ISO 8601); null when not set.' }),
    definedBy: z.string().nullable().meta({ description: 'The admin who set it; null when not set.' }),
  })
  .meta({
    id: 'AgentPresenceZone',
    description: 'The area an agent’s presence bonus needs (DOMAIN.md, “Agents’ zones”): a position inside it, on land, accurate enough.',
  });
