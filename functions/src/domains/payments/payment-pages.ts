/** Payments in pages by document id, read-only: what the reconciliation walks (domains/admin/reconciliation). */
import { FieldPath } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../core/firestore';
import type { PaymentDocument } from './model';

/** Up to `size` payments after `after` (by document id), in id order. */
export async function paymentsPage(after: string | null, size: number): Promise<Array<{ id: string; payment: PaymentDocument }>> {
  let query = collection<PaymentDocument>(COLLECTIONS.payments).orderBy(FieldPath.documentId()).limit(size);
  if (after !== null) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => ({ id: doc.id, payment: doc.data() }));
}
