/** Every pair (state, event) of the status tables: allowed ones move, the others answer 409. */
import { ARTICLE_EVENTS, ARTICLE_STATUSES, ARTICLE_TRANSITIONS } from '../../functions/src/domains/catalog/state';
import { PUBLICITE_EVENTS, PUBLICITE_STATUSES, PUBLICITE_TRANSITIONS } from '../../functions/src/domains/catalog/publicites/state';
import { walk } from '../helpers/transition-table';

it('moves listings as DOMAIN.md says, and nowhere else', () => {
  walk(ARTICLE_TRANSITIONS, ARTICLE_STATUSES, ARTICLE_EVENTS, {
    'en_attente --approve-->': 'en_ligne',
    'en_attente --reject-->': 'rejete',
    'en_ligne --sell-->': 'vendu',
    'en_ligne --withdraw-->': 'retire',
    'en_ligne --reject-->': 'rejete',
    // Under pre-moderation, a seller's edit of an approved listing sends it back to moderation.
    'en_ligne --edit-->': 'en_attente',
    'rejete --edit-->': 'en_attente',
    // DOMAIN.md, "Cancelling a paid order": the units return to stock; a part listing the order sold out is online again.
    'vendu --restock-->': 'en_ligne',
    // DOMAIN.md, "Fair exchange": "A cancelled, refused or returned delivery ... puts a listing sold by that purchase back online" (and an admin's cancel before the handover).
    'vendu --relist-->': 'en_ligne',
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
