import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { fixedReads } from '../../core/read-ceiling';
import { mySubscriptions } from './service';

export const router = new ApiRouter().json({
  method: 'get',
  path: '/api/payments/subscriptions/me',
  operationId: 'getMySubscription',
  tags: ['Subscriptions'],
  summary: 'The caller’s subscription (sellers and forwarders): active, expiry, trial',
  access: 'profile',
  reads: fixedReads(2, 'the caller’s one subscription and, for a seller, its profile again (the trial starts at sign-up).'),
  success: {
    description: 'One entry for a seller or a forwarder, none for other roles',
    data: z.array(
      z.object({
        kind: z.enum(['vendeur', 'transitaire']),
        active: z.boolean(),
        expiresAt: z.string().nullable(),
        trialEndsAt: z.string().nullable().meta({ description: 'Sellers: end of the free trial from sign-up.' }),
      }),
    ),
  },
  handle: ({ caller }) => mySubscriptions(caller),
});
