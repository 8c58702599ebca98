/**
 * A forwarder blocked by an admin can neither act on its missions nor refuse them, which left its
 * buyers stuck (`TRANSITAIRE_ACTIF`). Its `en_cours` missions go back to `parcours` (forwarder and
 * selection date cleared) and each buyer is told, in its language, to choose another. Missions
 * handed over (`transferer`) stay: the vehicle is with that forwarder.
 *
 * The missions are read in pages by a cursor on their id, so no read is unbounded, and each is
 * changed in its own transaction only if it is still `en_cours` with that forwarder: a re-run, or
 * two blocks at once, change each mission and tell its buyer once.
 */
import { now } from '../../core/clock';
import * as repository from './repository';

const PAGE_SIZE = 100;

export async function unassignForwarder(uid: string, pageSize = PAGE_SIZE): Promise<{ unassigned: number }> {
  let unassigned = 0;
  let after: string | undefined;
  for (;;) {
    const ids = await repository.assignedMissionIds(uid, 'en_cours', pageSize, after);
    for (const id of ids) if (await unassignOne(uid, id)) unassigned += 1;
    if (ids.length < pageSize) return { unassigned };
    after = ids[ids.length - 1];
  }
}

async function unassignOne(uid: string, id: string): Promise<boolean> {
  const at = now();
  let changed = false;
  await repository.mutateMission(
    id,
    (current) => {
      // Decided again on each attempt of the transaction, on the fresh document.
      changed = current?.statut === 'en_cours' && current.transitaire === uid;
      if (!changed || !current) return null;
      return { move: 'unassign', by: 'system', fields: { transitaire: null, dateSelectionTransitaire: null } };
    },
    at,
  );
  return changed;
}
