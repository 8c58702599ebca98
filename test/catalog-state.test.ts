/** Every pair (state, event) of the status tables: allowed ones move, the others answer 409. */
import { ApiError } from '../functions/src/core/errors';
import { transition, type TransitionTable } from '../functions/src/core/fsm';
import { ARTICLE_EVENTS, ARTICLE_STATUSES, ARTICLE_TRANSITIONS } from '../functions/src/domains/catalog/state';
import { PUBLICITE_EVENTS, PUBLICITE_STATUSES, PUBLICITE_TRANSITIONS } from '../functions/src/domains/catalog/publicite-state';

function walk<S extends string, E extends string>(table: TransitionTable<S, E>, states: readonly S[], events: readonly E[], expected: Record<string, S>) {
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

it('moves listings as DOMAIN.md says, and nowhere else', () => {
  walk(ARTICLE_TRANSITIONS, ARTICLE_STATUSES, ARTICLE_EVENTS, {
    'en_attente --approve-->': 'en_ligne',
    'en_attente --reject-->': 'rejete',
    'en_ligne --sell-->': 'vendu',
    'en_ligne --withdraw-->': 'retire',
    'en_ligne --reject-->': 'rejete',
    'rejete --edit-->': 'en_attente',
  });
});

it('moves advertisements as DOMAIN.md says, and nowhere else', () => {
  walk(PUBLICITE_TRANSITIONS, PUBLICITE_STATUSES, PUBLICITE_EVENTS, {
    'en_attente --pay-->': 'payee',
    'en_attente --reject-->': 'rejetee',
    'payee --activate-->': 'active',
    'payee --reject-->': 'rejetee',
    'active --expire-->': 'expiree',
  });
});
