/** `/api/admin/reconciliation`: the last daily check of the money invariant, and the wallets in debt. */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { DebtsQuery, ReconciliationReport, WalletDebt } from './schemas';
import { debts, lastReport } from './service';

const tags = ['Reconciliation (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/admin/reconciliation',
    operationId: 'getReconciliation',
    tags,
    summary: 'The last daily reconciliation of the money: every break of the invariant with its documents',
    description: [
      'Written each day by the `reconcileMoney` schedule (docs/operations.md, "Reconciliation"); `npm run reconcile` runs the same check by hand.',
      'For each payment: its amount = the ledger entries naming it + its refund, except the money of a delivery not made yet; each wallet’s balance - debt = the sum of its entries.',
      'Every admin level reads it: it moves no money and shows amounts and document paths only. One query (the newest report).',
    ].join(' '),
    access: 'profile',
    roles: ADMIN_ROLES,
    success: { description: 'The last report, or null before the first run', data: ReconciliationReport },
    handle: () => lastReport(),
  })
  .list({
    method: 'get',
    path: '/api/admin/reconciliation/debts',
    operationId: 'listWalletDebts',
    tags,
    summary: 'Wallets that owe money now, the largest debt first',
    description: 'A debt is a credit taken back (its money went back to the buyer) after it was withdrawn; the wallet’s next credits repay it first. Every admin level.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: DebtsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of wallets in debt', item: WalletDebt },
    handle: ({ query }) => debts(pageRequest(query)),
  });
