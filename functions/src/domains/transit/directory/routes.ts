import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { listed } from './service';
import { Transitaire, TransitaireListQuery } from '../schemas';
import { USER_LIMITS } from '../../../core/user-limits';

export const router = new ApiRouter().list({
  method: 'get',
  path: '/api/transitaires',
  operationId: 'listForwarders',
  tags: ['Forwarders'],
  summary: 'Forwarders a buyer can choose: verified and subscribed, best rated first',
  description:
    'Company, countries served and average rating of each. `paysDestination` keeps those serving a country. A forwarder leaves the list when its subscription ends (within the hour) or its verification is withdrawn.',
  access: 'profile',
  userRateLimit: USER_LIMITS.search,
  reads: pagedReads(),
  query: TransitaireListQuery,
  errors: ['PAGE_TOO_DEEP'],
  success: { description: 'A page of forwarders', item: Transitaire },
  handle: ({ query }) => listed(query.paysDestination, pageRequest(query)),
});
