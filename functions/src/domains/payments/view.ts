/** A payment as its payer and the admins read it: one, a page, and the public status a payment page polls. */
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { ApiError } from '../../core/errors';
import { type PageRequest, toPage } from '../../core/pagination';
import { isAdminRole } from '../../core/roles';
import type { PaymentDocument } from './model';
import * as repository from './repository';
import type { Payment } from './schemas';

type PaymentView = z.input<typeof Payment>;

export function toPayment(id: string, payment: PaymentDocument): PaymentView {
  return {
    id,
    userId: payment.userId,
    montant: payment.montant,
    reference: payment.reference,
    statut: payment.statut,
    type: payment.type,
    metadata: payment.metadata,
    method: payment.method,
    network: payment.network,
    lateSuccess: payment.lateSuccess,
    refund: payment.refund ? { ...payment.refund, montant: payment.refund.montant ?? payment.montant } : null,
    failureReason: payment.failureReason ?? null,
    history: payment.history.map((entry) => ({
      at: entry.at.toDate().toISOString(),
      from: entry.from,
      to: entry.to,
      source: entry.source,
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...(entry.forced ? { forced: true as const } : {}),
    })),
    createdAt: payment.createdAt.toDate().toISOString(),
  };
}

export async function publicStatus(id: string) {
  const payment = await repository.findPayment(id);
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  return { id, statut: payment.statut, type: payment.type };
}

export async function viewPayment(caller: ProfileCaller, id: string) {
  const payment = await repository.findPayment(id);
  if (!payment || (payment.userId !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('PAYMENT_NOT_FOUND');
  return toPayment(id, payment);
}

export async function listPayments(
  caller: ProfileCaller,
  filters: { statut?: string; type?: string; userId?: string; failureReason?: string },
  page: PageRequest,
) {
  const admin = isAdminRole(caller.role);
  const userId = admin ? filters.userId : caller.uid;
  const failureReason = admin ? filters.failureReason : undefined;
  const result = await repository.listPayments({ userId, statut: filters.statut, type: filters.type, failureReason }, page);
  return toPage(page, result.items.map(({ id, payment }) => toPayment(id, payment)), result.total);
}
