/**
 * The reconciliation's runs and reads: `runReconciliation` (the CLI and the daily job) with the
 * settings' defaults, the daily report stored in `reconciliationReports/{YYYY-MM-DD}` (business
 * day), the last report and the wallets in debt for admins. Writes only its own reports.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { PageRequest } from '../../../core/pagination';
import { walletsInDebt } from '../../wallet';
import { type Break, reconcile, type ReconcileOptions, type ReconciliationReport } from './reconcile';

/** Breaks and debts kept in a stored report (a document holds 1 MiB); the counts say how many there were. */
export const STORED_BREAKS_MAX = 200;
export const STORED_DEBTS_MAX = 100;

interface ReportDocument {
  day: string;
  startedAt: Timestamp;
  finishedAt: Timestamp;
  graceMinutes: number;
  paymentsChecked: number;
  walletsChecked: number;
  breakCount: number;
  breaks: Break[];
  held: { count: number; montant: number };
  /** Absent on reports stored before held money. */
  escrow?: { wallets: number; montant: number };
  inProgress: number;
  debtCount: number;
  debtTotal: number;
  debts: ReconciliationReport['debts'];
}

const reports = () => collection<ReportDocument>(COLLECTIONS.reconciliationReports);

/** A run with the settings' grace and page size unless given. */
export function runReconciliation(options: Partial<ReconcileOptions> = {}): Promise<ReconciliationReport> {
  const settings = config();
  return reconcile({ graceMinutes: options.graceMinutes ?? settings.RECONCILE_GRACE_MINUTES, pageSize: options.pageSize ?? settings.RECONCILE_PAGE_SIZE, now: options.now ?? now() });
}

/** The daily job: a run, stored under its business day (a second run that day replaces it). */
export async function reconcileAndStore(): Promise<{ day: string; breaks: number; paymentsChecked: number; walletsChecked: number }> {
  const report = await runReconciliation();
  const day = businessDay(new Date(report.finishedAt), config().BUSINESS_TIME_ZONE);
  const document: ReportDocument = {
    day,
    startedAt: Timestamp.fromDate(new Date(report.startedAt)),
    finishedAt: Timestamp.fromDate(new Date(report.finishedAt)),
    graceMinutes: report.graceMinutes,
    paymentsChecked: report.paymentsChecked,
    walletsChecked: report.walletsChecked,
    breakCount: report.breaks.length,
    breaks: report.breaks.slice(0, STORED_BREAKS_MAX),
    held: report.held,
    escrow: report.escrow,
    inProgress: report.inProgress,
    debtCount: report.debts.length,
    debtTotal: report.debts.reduce((sum, debt) => sum + debt.debt, 0),
    debts: report.debts.slice(0, STORED_DEBTS_MAX),
  };
  await reports().doc(day).set(document);
  return { day, breaks: report.breaks.length, paymentsChecked: report.paymentsChecked, walletsChecked: report.walletsChecked };
}

/** The newest stored report (one query), or null before the first run. */
export async function lastReport() {
  const snapshot = await reports().orderBy('finishedAt', 'desc').limit(1).get();
  const doc = snapshot.docs[0];
  if (!doc) return null;
  const report = doc.data();
  return {
    ...report,
    escrow: report.escrow ?? { wallets: 0, montant: 0 },
    startedAt: report.startedAt.toDate().toISOString(),
    finishedAt: report.finishedAt.toDate().toISOString(),
    breaksTruncated: report.breakCount > report.breaks.length,
    debtsTruncated: report.debtCount > report.debts.length,
  };
}

/** Wallets that owe money now, the largest debt first. */
export function debts(page: PageRequest) {
  return walletsInDebt(page);
}
