/**
 * Admin levels give an agent its zone as an area, replace it or clear it (DOMAIN.md, "Agents' zones").
 * The area decides whose positions earn the presence bonus, money: each change is audited
 * (`agent.zone_set`, `agent.zone_cleared`) in the transaction that makes it, with the area before and
 * after, so of two admins changing it at once each entry starts from what the other left.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import type { PresenceArea } from '../model';
import { agentRef } from '../repository';
import { areaOf, auditedArea, zoneView } from './area';
import type { PresenceZone, PresenceZoneRequest } from './schemas';

type ZoneView = z.input<typeof PresenceZone>;

export async function readZone(agentId: string): Promise<ZoneView> {
  const agent = (await agentRef(agentId).get()).data();
  if (!agent) throw new ApiError('AGENT_NOT_FOUND');
  return zoneView(agent);
}

/** Writes `area` (null: clears it) on the agent's record, audited when it changes anything. */
async function writeZone(caller: ProfileCaller, agentId: string, area: PresenceArea | null): Promise<ZoneView> {
  const ref = agentRef(agentId);
  return runTransaction(async (tx) => {
    const agent = (await tx.get(ref)).data();
    if (!agent) throw new ApiError('AGENT_NOT_FOUND');
    const before = agent.presenceZone ?? null;
    if (!before && !area) return zoneView(agent);
    const at = Timestamp.fromDate(now());
    const changes = { presenceZone: area, presenceZoneAt: area ? at : null, presenceZoneBy: area ? caller.uid : null, updatedAt: at };
    // An update, not a merge: a polygon replaces a circle whole (a merge would keep the circle's fields).
    tx.update(ref, changes);
    audit(tx, {
      actor: caller,
      action: area ? 'agent.zone_set' : 'agent.zone_cleared',
      target: { collection: COLLECTIONS.agents, id: agentId },
      before: { presenceZone: auditedArea(before) },
      after: { presenceZone: auditedArea(area) },
    });
    return zoneView({ ...agent, ...changes });
  });
}

/** Sets (or replaces) the agent's area; an outline refused by geo/outline.ts writes nothing. */
export async function setZone(caller: ProfileCaller, agentId: string, input: z.output<typeof PresenceZoneRequest>): Promise<ZoneView> {
  const area = areaOf(input);
  if (typeof area === 'string') {
    throw new ApiError('AGENT_ZONE_POLYGON_INVALID', [{ field: 'body.polygone', reason: area, hint: 'At least three distinct points, enclosing an area, edges not crossing.' }]);
  }
  return writeZone(caller, agentId, area);
}

/** Clears the agent's area: the land rule alone again. Clearing an agent without one changes nothing. */
export function clearZone(caller: ProfileCaller, agentId: string): Promise<ZoneView> {
  return writeZone(caller, agentId, null);
}
