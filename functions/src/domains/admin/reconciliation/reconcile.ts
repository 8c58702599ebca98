/**
 * The reconciliation of the money (docs/operations.md, "Reconciliation"; DOMAIN.md, "Money conservation"):
 * walks every payment and every wallet, in pages, and reports each break of the invariant with
 * the documents involved. It reads only; it never writes money.
 *
 * Per payment, M its amount, A the sum of the ledger entries that name it (take-backs included),
 * R its refund mark (`refund.montant`, the whole payment on marks older than the field):
 *  - a success: A + R = M, except while the money rightly waits for goods on their way (an order
 *    or a purchase with delivery, paid by this payment, not delivered nor failed yet: its sellers,
 *    courier and the platform are credited at the door), when A + R < M is `held`; A + R > M is
 *    always a break;
 *  - any other status: no entry names it and it carries no refund mark.
 * A payment's allocation summary (`paymentAllocations/{id}`, what payments' ledger checks new
 * allocations and take-backs against) lists exactly the entries naming it, with their amounts and
 * their sum; a payment settled before summaries may have none.
 * Per wallet: balance - debt = the sum of its entries that move the balance, and held = the sum of
 * its held entries (sales paid, not handed over yet: DOMAIN.md, "Fair exchange"), each the wallet's
 * document plus its shards; a user's balance, held money and debt are never negative (the
 * platform's books may be). An entry naming a payment that does not exist is a break.
 * A payment changed within the grace (RECONCILE_GRACE_MINUTES) is counted `inProgress` instead:
 * the subscribers of its events may still be running.
 */
import { heldForDelivery } from '../../commerce';
import { type AllocationSummary, allocationSummaryOf, paymentsPage, type PaymentDocument } from '../../payments';
import { bucketOf, entriesOfPayment, entriesPage, MAX_ENTRIES_PER_PAYMENT, PLATFORM_WALLET_ID, walletsPage, walletState, type WalletState } from '../../wallet';

export const BREAK_KINDS = [
  /** A + R > M: more allocated or given back than the payment brought. */
  'over_allocated',
  /** A + R < M on a success whose money is not waiting for a delivery. */
  'under_allocated',
  /** Entries name a payment that is not a success. */
  'entries_on_unpaid',
  /** A refund mark on a payment that is not a success. */
  'refund_on_unpaid',
  /** Entries name a payment that does not exist. */
  'unknown_payment',
  /** A payment named by more entries than payments' ledger allows (MAX_ENTRIES_PER_PAYMENT): not checked. */
  'too_many_entries',
  /** The payment's allocation summary does not list exactly the entries naming it (their ids, amounts and sum). */
  'allocation_mismatch',
  /** balance - debt differs from the sum of the wallet's entries that move the balance. */
  'wallet_mismatch',
  /** The held money differs from the sum of the wallet's held entries. */
  'held_mismatch',
  /** A wallet's held money below zero: more released or taken back than was held. */
  'negative_held',
  /** A user's balance below zero. */
  'negative_balance',
  /** A user's debt below zero. */
  'negative_debt',
] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

export interface Break {
  kind: BreakKind;
  paymentId: string | null;
  walletId: string | null;
  /** The figures compared (XOF): `montant`, `allocated`, `refunded` for a payment; `balance`, `debt`, `entries` for a wallet. */
  amounts: Record<string, number>;
  /** Paths of the documents involved: the payment, the entries naming it, the order or purchase; the wallet. */
  documents: string[];
  /** The payment's status and its refund's reason, when it is about a payment. */
  statut: string | null;
  refundReason: string | null;
}

export interface ReconcileOptions {
  /** Minutes (default RECONCILE_GRACE_MINUTES): a payment changed more recently is `inProgress`. */
  graceMinutes: number;
  /** Documents per page (default RECONCILE_PAGE_SIZE). */
  pageSize: number;
  /** The time the grace counts back from (the clock's now by default). */
  now: Date;
}

export interface ReconciliationReport {
  startedAt: string;
  finishedAt: string;
  graceMinutes: number;
  paymentsChecked: number;
  walletsChecked: number;
  breaks: Break[];
  /** Successful payments whose money waits, unallocated, for the delivery of their goods (the trip's fee). */
  held: { count: number; montant: number };
  /** Sellers' held money (XOF): sales paid whose goods were not handed over, in how many wallets. */
  escrow: { wallets: number; montant: number };
  /** Payments changed within the grace: not judged this time. */
  inProgress: number;
  /** Wallets that owe money (debt > 0), the largest first. */
  debts: Array<{ walletId: string; debt: number; balance: number }>;
}

const DELIVERY_GAINS = new Set(['gain_livraison', 'gain_societe']);

/** What a refund mark gives back: its `montant`, the whole payment on a mark without it, 0 without a mark. */
export function refundedOf(payment: Pick<PaymentDocument, 'montant' | 'refund'>): number {
  if (!payment.refund) return 0;
  return payment.refund.montant ?? payment.montant;
}

const paymentPath = (id: string) => `payments/${id}`;
const summaryPath = (id: string) => `paymentAllocations/${id}`;
const entryPath = (uid: string, id: string) => `wallets/${uid}/transactions/${id}`;

/** Walks payments then wallets; answers the report. Reads only. */
export async function reconcile(options: ReconcileOptions): Promise<ReconciliationReport> {
  const startedAt = new Date();
  const breaks: Break[] = [];
  const held = { count: 0, montant: 0 };
  let inProgress = 0;
  const graceFrom = options.now.getTime() - options.graceMinutes * 60_000;

  // Wallets first: the payments their entries name, to find those that do not exist.
  const named = new Map<string, string>();
  const debts: ReconciliationReport['debts'] = [];
  const escrow = { wallets: 0, montant: 0 };
  let walletsChecked = 0;
  let seenBooks = false;
  for (let after: string | null = null; ; ) {
    const page = await walletsPage(after, options.pageSize);
    for (const wallet of page) {
      walletsChecked += 1;
      if (wallet.uid === PLATFORM_WALLET_ID) seenBooks = true;
      const { found, current } = await checkWallet(wallet, options.pageSize, named);
      breaks.push(...found);
      if (current.uid !== PLATFORM_WALLET_ID && current.debt > 0) debts.push({ walletId: current.uid, debt: current.debt, balance: current.balance });
      if (current.held !== 0) {
        escrow.wallets += 1;
        escrow.montant += current.held;
      }
    }
    if (page.length < options.pageSize) break;
    after = page[page.length - 1]!.uid;
  }
  if (!seenBooks) {
    // The platform's books may have no document: their credits land on shards, never read first.
    walletsChecked += 1;
    breaks.push(...(await checkWallet(await walletState(PLATFORM_WALLET_ID), options.pageSize, named)).found);
  }

  let paymentsChecked = 0;
  for (let after: string | null = null; ; ) {
    const page = await paymentsPage(after, options.pageSize);
    for (const { id, payment } of page) {
      paymentsChecked += 1;
      named.delete(id);
      if (payment.updatedAt && payment.updatedAt.toMillis() > graceFrom) {
        inProgress += 1;
        continue;
      }
      const outcome = await checkPayment(id, payment);
      if (outcome.held > 0) {
        held.count += 1;
        held.montant += outcome.held;
      }
      breaks.push(...outcome.breaks);
    }
    if (page.length < options.pageSize) break;
    after = page[page.length - 1]!.id;
  }

  for (const [paymentId, path] of named) {
    breaks.push({ kind: 'unknown_payment', paymentId, walletId: null, amounts: {}, documents: [paymentPath(paymentId), path], statut: null, refundReason: null });
  }
  debts.sort((a, b) => b.debt - a.debt);
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    graceMinutes: options.graceMinutes,
    paymentsChecked,
    walletsChecked,
    breaks,
    held,
    escrow,
    inProgress,
    debts,
  };
}

/** One payment against the entries naming it. */
async function checkPayment(id: string, payment: PaymentDocument): Promise<{ breaks: Break[]; held: number }> {
  const [entries, summary] = await Promise.all([entriesOfPayment(id), allocationSummaryOf(id)]);
  const allocated = entries.reduce((sum, { entry }) => sum + entry.montant, 0);
  const refunded = refundedOf(payment);
  const entryDocs = entries.map(({ uid, id: entryId }) => entryPath(uid, entryId));
  const base = { paymentId: id, walletId: null, statut: payment.statut, refundReason: payment.refund?.reason ?? null };
  const amounts = { montant: payment.montant, allocated, refunded };
  const breaks: Break[] = [];
  if (entries.length > MAX_ENTRIES_PER_PAYMENT) {
    return { breaks: [{ ...base, kind: 'too_many_entries', amounts: { ...amounts, entries: entries.length }, documents: [paymentPath(id)] }], held: 0 };
  }
  const unlisted = summary ? summaryDifference(summary, entries) : [];
  if (summary && (unlisted.length > 0 || summary.allocated !== allocated)) {
    breaks.push({ ...base, kind: 'allocation_mismatch', amounts: { ...amounts, summarized: summary.allocated }, documents: [paymentPath(id), summaryPath(id), ...unlisted] });
  }
  if (payment.statut !== 'success') {
    if (entries.length > 0) breaks.push({ ...base, kind: 'entries_on_unpaid', amounts, documents: [paymentPath(id), ...entryDocs] });
    if (payment.refund) breaks.push({ ...base, kind: 'refund_on_unpaid', amounts, documents: [paymentPath(id)] });
    return { breaks, held: 0 };
  }
  const accounted = allocated + refunded;
  if (accounted === payment.montant) return { breaks, held: 0 };
  const business = await heldForDelivery(payment.type, payment.metadata, id);
  const documents = [paymentPath(id), ...entryDocs, ...(business.path ? [business.path] : [])];
  if (accounted > payment.montant) return { breaks: [...breaks, { ...base, kind: 'over_allocated', amounts, documents }], held: 0 };
  // The delivery's gains are allocated when it reaches its end: past that, nothing waits any more.
  const delivered = entries.some(({ entry }) => DELIVERY_GAINS.has(entry.type));
  if (business.heldForDelivery && !delivered && !payment.refund) return { breaks, held: payment.montant - accounted };
  return { breaks: [...breaks, { ...base, kind: 'under_allocated', amounts: { ...amounts, missing: payment.montant - accounted }, documents }], held: 0 };
}

/**
 * The entries on which a payment's allocation summary and the ledgers disagree (listed and missing,
 * there and not listed, or listed with another amount): their paths.
 */
function summaryDifference(summary: AllocationSummary, entries: Awaited<ReturnType<typeof entriesOfPayment>>): string[] {
  const stored = new Map(entries.map(({ uid, id, entry }) => [entryPath(uid, id), entry.montant]));
  const listed = new Map(summary.entries.map(({ uid, id, montant }) => [entryPath(uid, id), montant]));
  const paths = new Set([...stored.keys(), ...listed.keys()]);
  return [...paths].filter((path) => stored.get(path) !== listed.get(path)).sort();
}

/**
 * One wallet: balance - debt against the sum of its entries, read in pages. A wallet changed while
 * its entries were read is read again (twice at most): its balance (document or shard) and its
 * entries change in one transaction, so a quiet wallet always matches.
 */
async function checkWallet(first: WalletState, pageSize: number, named: Map<string, string>): Promise<{ found: Break[]; current: WalletState }> {
  let wallet = first;
  let sum = 0;
  let heldSum = 0;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    sum = 0;
    heldSum = 0;
    for (let after: string | null = null; ; ) {
      const page = await entriesPage(wallet.uid, after, pageSize);
      for (const { id, entry } of page) {
        if (bucketOf(entry.type) === 'held') heldSum += entry.montant;
        else sum += entry.montant;
        if (entry.paymentId && !named.has(entry.paymentId)) named.set(entry.paymentId, entryPath(wallet.uid, id));
      }
      if (page.length < pageSize) break;
      after = page[page.length - 1]!.id;
    }
    const again = await walletState(wallet.uid);
    if (again.updatedAtMs === wallet.updatedAtMs && again.balance === wallet.balance && again.held === wallet.held && again.debt === wallet.debt) break;
    wallet = again;
  }
  const breaks: Break[] = [];
  const base = { paymentId: null, walletId: wallet.uid, documents: [`wallets/${wallet.uid}`], statut: null, refundReason: null };
  const amounts = { balance: wallet.balance, held: wallet.held, debt: wallet.debt, entries: sum, heldEntries: heldSum };
  if (wallet.balance - wallet.debt !== sum) breaks.push({ ...base, kind: 'wallet_mismatch', amounts });
  if (wallet.held !== heldSum) breaks.push({ ...base, kind: 'held_mismatch', amounts });
  if (wallet.held < 0) breaks.push({ ...base, kind: 'negative_held', amounts });
  if (wallet.uid !== PLATFORM_WALLET_ID) {
    if (wallet.balance < 0) breaks.push({ ...base, kind: 'negative_balance', amounts });
    if (wallet.debt < 0) breaks.push({ ...base, kind: 'negative_debt', amounts });
  }
  return { found: breaks, current: wallet };
}
