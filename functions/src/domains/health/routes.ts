import { z } from 'zod';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiRouter } from '../../core/http';

export const router = new ApiRouter().json({
  method: 'get',
  path: '/',
  operationId: 'getHealth',
  tags: ['Health'],
  summary: 'Health check',
  description: 'Answers while the service runs: its name, its version and the server’s clock (ISO 8601), without reading any document. For uptime checks and load balancers: it says nothing of Firestore or of the partners.',
  access: 'public',
  success: {
    description: 'The service is up',
    data: z.object({ service: z.string(), version: z.string(), status: z.literal('ok'), time: z.string() }),
  },
  handle: async () => ({
    service: config().SERVICE_NAME,
    version: config().SERVICE_VERSION,
    // eslint-disable-next-line boundaries/status-via-machine -- the service's answer to a probe, not a process's status
    status: 'ok' as const,
    time: now().toISOString(),
  }),
});
