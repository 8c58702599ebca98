import { z } from 'zod';
import { PaginationQuery } from '../../../core/pagination';
import { BREAK_KINDS } from './reconcile';

const Break = z
  .object({
    kind: z.enum(BREAK_KINDS).meta({
      description:
        '`over_allocated` (entries + refund > amount), `under_allocated` (entries + refund < amount, the money not waiting for a delivery), `entries_on_unpaid`, `refund_on_unpaid` (a payment not `success` with entries or a refund mark), `unknown_payment` (entries name a payment that does not exist), `too_many_entries`, `allocation_mismatch` (the payment’s allocation summary does not list exactly the entries naming it), `wallet_mismatch` (balance - debt differs from the sum of the entries that move the balance), `held_mismatch` (the held money differs from the sum of the held entries), `negative_held`, `negative_balance`, `negative_debt`.',
    }),
    paymentId: z.string().nullable(),
    walletId: z.string().nullable(),
    amounts: z.record(z.string(), z.number()).meta({ description: 'XOF compared: `montant`, `allocated`, `refunded` (and `missing`; `summarized`, the sum its allocation summary holds) for a payment; `balance`, `held`, `debt`, `entries`, `heldEntries` for a wallet.' }),
    documents: z.array(z.string()).meta({ description: 'Paths of the documents involved: the payment, the ledger entries naming it (for `allocation_mismatch`: its allocation summary and the entries on which they disagree), the order or purchase; the wallet.' }),
    statut: z.string().nullable().meta({ description: 'The payment’s status.' }),
    refundReason: z.string().nullable(),
  })
  .meta({ id: 'ReconciliationBreak' });

const Debt = z.object({ walletId: z.string(), debt: z.number().int(), balance: z.number().int() });

export const ReconciliationReport = z
  .object({
    day: z.string().meta({ description: 'Business day of the run (`YYYY-MM-DD`): the report’s id.' }),
    startedAt: z.string(),
    finishedAt: z.string(),
    graceMinutes: z.number().int().meta({ description: 'RECONCILE_GRACE_MINUTES of the run: payments changed more recently were not judged (`inProgress`).' }),
    paymentsChecked: z.number().int(),
    walletsChecked: z.number().int(),
    breakCount: z.number().int(),
    breaks: z.array(Break).meta({ description: 'The first 200 breaks (`breaksTruncated` when there were more).' }),
    breaksTruncated: z.boolean(),
    held: z.object({ count: z.number().int(), montant: z.number().int() }).meta({ description: 'Successful payments whose money waits, unallocated, for the delivery of their goods (the trip’s fee), and how much of it waits.' }),
    escrow: z
      .object({ wallets: z.number().int(), montant: z.number().int() })
      .meta({ description: 'Sellers’ held money at the run: sales paid whose goods were not handed over yet (DOMAIN.md, "Fair exchange"), in how many wallets. Absent on reports older than it: 0.' }),
    inProgress: z.number().int(),
    debtCount: z.number().int(),
    debtTotal: z.number().int(),
    debts: z.array(Debt).meta({ description: 'Wallets that owe money at the run, the largest debt first (the first 100).' }),
    debtsTruncated: z.boolean(),
  })
  .nullable()
  .meta({ id: 'ReconciliationReport', description: 'The last daily report; null before the first run.' });

export const DebtsQuery = PaginationQuery;

export const WalletDebt = z
  .object({
    walletId: z.string().meta({ description: 'The user’s id (`wallets/{uid}`).' }),
    debt: z.number().int().meta({ description: 'XOF owed: credits taken back after they were withdrawn; later credits repay it first.' }),
    balance: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'WalletDebt' });
