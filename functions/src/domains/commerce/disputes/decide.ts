/**
 * An admin's decision of a dispute (DOMAIN.md, "Disputes": "`rembourse` (full or partial amount,
 * the rest released) | `libere` (released to the seller)"), its money in the same transaction as
 * the move, the audit entry and the sale's mark cleared: exactly once, or not at all.
 *
 * Per seller of the sale (an order's sellers share a refund in proportion to their lines):
 *  - money still held: a refund takes the held price back (`retenue_reprise`) and credits the rest,
 *    net of the platform's fee on it; a release releases it as a handover does (escrow.ts);
 *  - money released before the dispute (a handover by code): a refund takes the seller's share
 *    from its balance (`reprise`, keyed by the dispute; as debt when it was paid out); a release
 *    changes nothing.
 * The buyer's refund is marked on the payment in the same transaction. The trip's fee is never part
 * of it: the trip was made.
 *
 * Graded powers (DOMAIN.md, "Admin powers"; deciding a refund is a money action): the admin who
 * took the dispute decides it, or `principal` and `superAdmin`; an escalated dispute, or a refund
 * above DISPUTE_ADMIN_MAX_XOF, only `principal` and `superAdmin`.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { db, runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { isSeniorAdminRole } from '../../../core/roles';
import { prepareAllocation, prepareRefundMark } from '../../payments';
import { entriesIn, entryId, PLATFORM_WALLET_ID, type Posting } from '../../wallet';
import { heldCredit, type Sale, saleFee } from '../escrow';
import { disputeMachine } from './machine';
import { type DisputeDocument, disputes } from './model';
import { markSale, saleIn } from './sale';
import type { DisputeDecision } from './schemas';

/** `total` shared in proportion to each sale's price, to the franc (the remainder to the largest sales first). */
export function shareOf(total: number, sales: Sale[]): number[] {
  const gross = sales.reduce((sum, sale) => sum + sale.gross, 0);
  if (gross === 0) return sales.map(() => 0);
  const shares = sales.map((sale) => Math.floor((total * sale.gross) / gross));
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  const order = sales.map((sale, i) => ({ i, gross: sale.gross })).sort((a, b) => b.gross - a.gross);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) shares[order[k].i] += 1;
  return shares;
}

/** What one seller's sale becomes: its postings for a refund of `refund` (0: a release). */
function postingsFor(sale: Sale, state: 'held' | 'released', refund: number, fee: number, disputeId: string): Posting[] {
  if (state === 'released') {
    return refund > 0 ? [{ uid: sale.vendeur, entry: { type: 'reprise', montant: -refund, reference: `litige_${disputeId}`, description: `${sale.description} : litige, remboursement` } }] : [];
  }
  const kept = sale.gross - refund;
  const out: Posting['entry']['type'] = refund > 0 ? 'retenue_reprise' : 'retenue_liberee';
  return [
    heldCredit(sale),
    { uid: sale.vendeur, entry: { type: out, montant: -sale.gross, reference: sale.reference, description: `${sale.description} : litige décidé` } },
    ...(kept > 0
      ? [
          { uid: sale.vendeur, entry: { type: 'vente' as const, montant: kept - fee, reference: sale.reference, description: sale.description } },
          { uid: PLATFORM_WALLET_ID, entry: { type: 'commission_plateforme' as const, montant: fee, reference: sale.feeReference, description: `${sale.description} : commission sur la vente` } },
        ]
      : []),
  ];
}

export async function decideDispute(caller: ProfileCaller, id: string, body: z.output<typeof DisputeDecision>): Promise<DisputeDocument> {
  const ref = disputes().doc(id);
  const seen = (await ref.get()).data();
  if (!seen) throw new ApiError('DISPUTE_NOT_FOUND');
  const refund = body.decision === 'rembourse' ? (body.montant ?? seen.montantVente) : 0;
  if (refund > seen.montantVente) throw new ApiError('DISPUTE_AMOUNT_TOO_HIGH');
  // The fees depend on prices and settings only: read before the transaction, checked against the sale in it.
  const before = await db().runTransaction((tx) => saleIn(tx, seen.vente.kind, seen.vente.id), { readOnly: true });
  if (!before) throw new ApiError('DISPUTE_NOT_FOUND');
  const shares = shareOf(refund, before.sales);
  // The fee its release would take, on what each seller keeps (escrow.ts).
  const fees = await Promise.all(before.sales.map((sale, i) => saleFee(before.kind === 'commande' && before.coursier, sale.gross - shares[i])));
  const at = now();
  return runTransaction(async (tx) => {
    const dispute = (await tx.get(ref)).data();
    if (!dispute) throw new ApiError('DISPUTE_NOT_FOUND');
    const event = body.decision === 'rembourse' ? 'refund' : 'release';
    disputeMachine.decide(dispute.statut, event);
    const senior = isSeniorAdminRole(caller.role);
    if (!senior && (dispute.admin !== caller.uid || dispute.escalade || refund > config().DISPUTE_ADMIN_MAX_XOF)) throw new ApiError('DISPUTE_DECISION_FORBIDDEN');
    const sale = await saleIn(tx, dispute.vente.kind, dispute.vente.id);
    if (!sale?.paymentId || sale.sales.length !== before.sales.length) throw new ApiError('DISPUTE_NOT_FOUND');
    const ledger = await entriesIn(
      tx,
      sale.sales.flatMap((each) => [
        { uid: each.vendeur, id: entryId({ type: 'retenue_liberee', reference: each.reference }) },
        { uid: each.vendeur, id: entryId({ type: 'retenue_reprise', reference: each.reference }) },
      ]),
    );
    if (sale.sales.some((_, i) => ledger[2 * i + 1])) throw new ApiError('DISPUTE_SALE_REFUNDED');
    const postings = sale.sales.flatMap((each, i) => postingsFor(each, ledger[2 * i] ? 'released' : 'held', shares[i], fees[i], id));
    const allocation = await prepareAllocation(tx, sale.paymentId, postings);
    if (!allocation.allowed) throw new ApiError('DISPUTE_SALE_REFUNDED');
    const mark = refund > 0 ? await prepareRefundMark(tx, sale.paymentId, `litige ${id} : ${body.motif}`, refund) : () => undefined;
    if (!mark) throw new ApiError('DISPUTE_SALE_REFUNDED');
    const decision = { montantRembourse: refund, motif: body.motif, by: caller.uid, at: Timestamp.fromDate(at) };
    const moved = disputeMachine.move(tx, { id, from: dispute.statut, event, at, by: caller.uid, reason: body.motif, history: dispute.history, context: { ...dispute, decision } });
    const updated: DisputeDocument = { ...dispute, ...moved, history: moved.history!, decision };
    allocation.write();
    mark();
    tx.set(ref, updated);
    if (sale.litigeOuvert === id) markSale(tx, sale, null);
    audit(tx, {
      actor: caller,
      action: 'dispute.decided',
      target: { collection: COLLECTIONS.litiges, id },
      before: { statut: dispute.statut },
      after: { statut: updated.statut, montantRembourse: refund },
      reason: body.motif,
      context: { paymentId: sale.paymentId, montantVente: dispute.montantVente, escalade: dispute.escalade },
    });
    return updated;
  });
}
