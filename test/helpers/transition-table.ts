/** Walks every (state, event) pair of a status table: the expected moves move, every other answers 409 INVALID_TRANSITION. */
import { ApiError } from '../../functions/src/core/errors';
import { transition, type TransitionTable } from '../../functions/src/core/fsm';

export function walk<S extends string, E extends string>(table: TransitionTable<S, E>, states: readonly S[], events: readonly E[], expected: Record<string, S>) {
  // An expected move of a state or event the lists do not name would never be checked.
  const walked = states.flatMap((from) => events.map((event) => `${from} --${event}-->`));
  expect(Object.keys(expected).filter((key) => !walked.includes(key))).toEqual([]);
  for (const from of states) {
    for (const event of events) {
      const key = `${from} --${event}-->`;
      if (expected[key]) {
        expect({ key, next: transition(table, from, event) }).toEqual({ key, next: expected[key] });
      } else {
        let error: unknown;
        try {
          transition(table, from, event);
        } catch (caught) {
          error = caught;
        }
        expect({ key, code: error instanceof ApiError ? error.code : 'moved', status: (error as ApiError)?.status }).toEqual({
          key,
          code: 'INVALID_TRANSITION',
          status: 409,
        });
      }
    }
  }
}
