import { z } from 'zod';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiRouter } from '../../core/http';

export const router = new ApiRouter().json({
  method: 'get',
  path: '/',
  tags: ['Health'],
  summary: 'Health check',
  access: 'public',
  success: {
    description: 'The service is up',
    data: z.object({ service: z.string(), version: z.string(), status: z.literal('ok'), time: z.string() }),
  },
  handle: async () => ({
    service: config().SERVICE_NAME,
    version: config().SERVICE_VERSION,
    status: 'ok' as const,
    time: now().toISOString(),
  }),
});
