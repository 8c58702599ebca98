import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest, PaginationQuery } from '../../core/pagination';
import { ENTRY_TYPES } from './entry-types';
import { statsOf, transactionsOf, walletOf } from './views';

const tags = ['Wallet'];

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/wallet/me',
    operationId: 'getMyWallet',
    tags,
    summary: 'Balance of the caller’s wallet (XOF)',
    access: 'profile',
    success: {
      description: 'The wallet',
      data: z.object({
        balance: z.number().int().meta({ description: 'What the caller may withdraw (XOF), never negative.' }),
        held: z.number().int().meta({
          description: 'Sales paid whose goods the buyer has not received yet (XOF): shown apart, never withdrawable; each becomes balance at its handover, or goes back to the buyer (docs/guides/wallet.md, "Held money").',
        }),
        debt: z.number().int().meta({ description: 'What the caller owes (XOF): credits taken back after they were withdrawn; later credits repay it first.' }),
        currency: z.literal('XOF'),
        updatedAt: z.string().nullable(),
      }),
    },
    handle: ({ caller }) => walletOf(caller),
  })
  .list({
    method: 'get',
    path: '/api/wallet/me/transactions',
    operationId: 'listMyWalletTransactions',
    tags,
    summary: 'The caller’s ledger, newest first',
    access: 'profile',
    reads: pagedReads(),
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: {
      description: 'A page of entries',
      item: z.object({
        id: z.string(),
        type: z.enum(ENTRY_TYPES),
        montant: z.number().int().meta({ description: 'XOF; negative for money out.' }),
        balanceAfter: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'The balance right after the entry; null on a credit that landed on a shard of the wallet and on the platform’s books (docs/guides/wallet.md, "Money").' }),
        debtAfter: z.number().int().meta({ description: 'The debt after this entry (XOF).' }),
        reference: z.string(),
        paymentId: z.string().nullable().meta({ description: 'The payment whose money this entry allocates; null for bonuses and withdrawals.' }),
        description: z.string(),
        createdAt: z.string(),
      }),
    },
    handle: ({ caller, query }) => transactionsOf(caller, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/wallet/me/stats',
    operationId: 'getMyWalletStats',
    tags,
    summary: 'Totals by type, overall and by month (last 12 months with activity)',
    access: 'profile',
    success: {
      description: 'The statistics',
      data: z.object({
        balance: z.number().int(),
        held: z.number().int().meta({ description: 'Held money (XOF), as in GET /api/wallet/me; never counted in `balance`.' }),
        totalsByType: z.record(z.string(), z.number()),
        months: z.array(z.object({ month: z.string().meta({ example: '2026-11' }), totalsByType: z.record(z.string(), z.number()) })),
      }),
    },
    handle: ({ caller }) => statsOf(caller),
  });
