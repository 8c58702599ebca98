/**
 * `/api/admin/audit`: the append-only trail of admin actions that moved money, changed a role or
 * blocked an account (core/audit), read by superAdmins. No route changes or deletes an entry.
 */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { AuditEntryView, AuditListQuery } from './schemas';
import { listAudit } from './service';

export const router = new ApiRouter().list({
  method: 'get',
  path: '/api/admin/audit',
  operationId: 'listAuditEntries',
  tags: ['Audit (admin)'],
  summary: 'The audit trail of admin powers, newest first, by actor, type, target and date (superAdmin)',
  description:
    'Every admin action that moves money (payment status set or forced, withdrawals, presence backfill, order and delivery outcomes, rejected paid boosts, cancelled inspections, price lists, tariffs and delivery zones), changes a role (role changes, agent creation) or blocks or unblocks an account, written in the transaction of the change. ' +
    'Every combination of filters is served by the indexes of firestore.indexes.json; `targetId` needs `targetCollection`. `from` is inclusive, `to` exclusive.',
  access: 'profile',
  reads: pagedReads(),
  roles: ['superAdmin'],
  query: AuditListQuery,
  errors: ['PAGE_TOO_DEEP'],
  success: { description: 'A page of audit entries', item: AuditEntryView },
  handle: ({ query }) =>
    listAudit(
      {
        actor: query.actor,
        type: query.type,
        targetCollection: query.targetCollection,
        targetId: query.targetId,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      pageRequest(query),
    ),
});
