/** Shapes of `GET /api/admin/audit`: its filters and one entry of the trail. */
import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../../core/audit';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';

export const AuditListQuery = PaginationQuery.extend({
  actor: documentId('VALIDATION_ERROR', 'Only actions of this admin (uid).').optional(),
  type: z.enum(AUDIT_ACTIONS).optional().meta({ description: 'Only actions of this type.' }),
  targetCollection: z
    .string()
    .regex(/^[A-Za-z]{1,64}$/)
    .optional()
    .meta({ description: 'Only actions on documents of this collection (`payments`, `users`, `pricing`, `agentEarnings`, `commandes`, `deliveries`, `publicites`, `verifications`, `deliveryZones`).' }),
  targetId: documentId('VALIDATION_ERROR', 'Only actions on this document; needs `targetCollection`.').optional(),
  from: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only actions at or after this instant (ISO 8601).' }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: 'Only actions before this instant (ISO 8601).' }),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), { message: '`from` must be before `to`.', path: ['to'] });

const Fields = z.record(z.string(), z.unknown());

export const AuditEntryView = z
  .object({
    id: z.string(),
    actor: z.object({ uid: z.string(), role: z.string() }).meta({ description: 'Who acted, with its role at the time.' }),
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({ collection: z.string(), id: z.string() }).meta({ description: 'The document the action changed.' }),
    before: Fields.nullable().meta({ description: 'The changed fields before the action (null: the document was created). Dates as ISO 8601.' }),
    after: Fields.nullable().meta({ description: 'The same fields after it (null: the document was deleted).' }),
    reason: z.string().nullable().meta({ description: 'Why, as the admin said it; null where the route takes no reason.' }),
    context: Fields.nullable().meta({ description: 'What else decided the action: FeexPay’s word on a payment set or forced to success (`provider`), the amount concerned...' }),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
