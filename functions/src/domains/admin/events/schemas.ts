import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';

export const ParkedRunsQuery = PaginationQuery.extend({
  type: z.string().min(1).max(100).optional().meta({ description: 'Only runs of events of this type (`payment.succeeded`).' }),
  subscriber: z.string().min(1).max(100).optional().meta({ description: 'Only runs of this subscriber (`commerce.achat_paid`).' }),
});

export const RunIdParams = z.strictObject({ id: documentId('EVENT_RUN_NOT_FOUND') });

export const EventRun = z
  .object({
    id: z.string().meta({ description: '`{eventId}__{subscriber}`.' }),
    eventId: z.string().meta({ description: '`{type}_{key}`: the event in `events`.' }),
    type: z.string(),
    subscriber: z.string(),
    state: z.enum(['running', 'retry', 'done', 'parked']).meta({ description: '`parked` after EVENT_MAX_ATTEMPTS failures, until an admin replays it.' }),
    attempts: z.number().int(),
    dueAt: z.string().meta({ description: 'Running: end of its lease. Retry: when it is tried again.' }),
    lastError: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EventRun' });
