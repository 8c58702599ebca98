import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { fixedReads } from '../../core/read-ceiling';
import { COUNTRIES } from './countries';
import { Country, NormalizedTelephone, NormalizeRequest } from './schemas';
import { normalizeTelephone, syntheticEmail } from './telephone';

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/geo/countries',
    operationId: 'listCountries',
    tags: ['Geography'],
    summary: 'Supported countries with dial codes and national number lengths',
    access: 'public',
    reads: fixedReads(0, 'a list compiled into the service: no document.'),
    success: { description: 'The countries', data: z.array(Country) },
    handle: async () => [...COUNTRIES],
  })
  .json({
    method: 'post',
    path: '/api/geo/normalize',
    operationId: 'normalizePhoneNumber',
    tags: ['Geography'],
    summary: 'Normalizes a telephone number and gives its synthetic login emails',
    description: 'Clients call it before sign-up and login to build the identity-provider email.',
    access: 'public',
    body: NormalizeRequest,
    errors: ['INVALID_TELEPHONE', 'UNSUPPORTED_COUNTRY'],
    success: { description: 'The number in every form the service uses', data: NormalizedTelephone },
    handle: async ({ body }) => {
      const telephone = normalizeTelephone(body.telephone, body.pays);
      return {
        ...telephone,
        syntheticEmails: { buyer: syntheticEmail(telephone, 'buyer'), pro: syntheticEmail(telephone, 'pro') },
      };
    },
  });
