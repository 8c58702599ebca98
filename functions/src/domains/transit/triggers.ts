/**
 * `transit-mission-update`: each status change of a mission is published to the feed of the
 * mission's forwarder (core/realtime), keyed by the trigger's event id: triggers are delivered at
 * least once, and a redelivery writes nothing.
 */
import { publish } from '../../core/realtime';
import type { MissionDocument } from './repository';

export async function onMissionWritten(
  eventId: string,
  missionId: string,
  before: MissionDocument | undefined,
  after: MissionDocument | undefined,
): Promise<boolean> {
  if (!after || before?.statut === after.statut) return false;
  // When the forwarder refuses, the mission has none any more: the one that was connected is told.
  const forwarder = after.transitaire ?? before?.transitaire;
  if (!forwarder) return false;
  return publish(forwarder, eventId, 'transit-mission-update', { missionId, statut: after.statut });
}
