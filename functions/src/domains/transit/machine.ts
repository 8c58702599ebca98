/**
 * A mission's status moves (core/fsm.ts): decided by its table, said by `mission.status_changed`
 * in the transaction of the write (the repository's `mutateMissionWith`, every write of a mission).
 */
import { stateMachine } from '../../core/fsm';
import { MISSION_TRANSITIONS } from './state';

export const missionMachine = stateMachine({
  table: MISSION_TRANSITIONS,
  statusEvent: {
    type: 'mission.status_changed',
    payload: ({ id, from, to, at, event }, mission: { article: string; acheteur: string; transitaire: string | null; articleTitre: string }) => ({
      missionId: id,
      articleId: mission.article,
      acheteur: mission.acheteur,
      from,
      to,
      at: at.toISOString(),
      event: event ?? null,
      transitaire: mission.transitaire,
      articleTitre: mission.articleTitre,
    }),
  },
});
