import { z } from 'zod';
import { PushTokenRequest } from '../identity/schemas';

export const TestNotificationRequest = z.strictObject({
  token: PushTokenRequest.shape.token,
  title: z.string().trim().min(1).max(100).optional(),
  body: z.string().trim().min(1).max(500).optional(),
});

export const TestNotificationResult = z.object({
  verdict: z.enum(['sent', 'invalid', 'failed']).meta({
    description: '`sent`; `invalid`: the push service does not know this token; `failed`: it could not deliver now.',
  }),
});
