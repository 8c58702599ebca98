/**
 * The reconciliation of the money (docs/operations.md, "Reconciliation"): quiet after real payments, refunds
 * and take-backs; each break reported with its documents when the ledger is made wrong by hand;
 * the daily report stored and read by admins; the debts listed.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { reconcile } from '../../functions/src/domains/admin/reconciliation/reconcile';
import { reconcileAndStore } from '../../functions/src/domains/admin/reconciliation/service';
import { markForRefund } from '../../functions/src/domains/payments';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { drainEvents, pay, reconcileNow, startPayment } from '../helpers/money';
import { useSettings } from '../helpers/settings';

useFeexPaySandbox();
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('superAdmin');
});
beforeEach(() => useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'false' }));

const wallets = () => db().collection(COLLECTIONS.wallets);

/** A listing bought and paid (no delivery), not handed over yet: the seller holds its price (`vente_retenue`). */
async function sale() {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const listing = await publish(seller, { prix: 2_000_000 });
  const achat = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'transit', paysDestination: 'NG' });
  expect(achat.status).toBe(201);
  const paymentId = await pay(admin, buyer, 'achat', 2_000_000, { achatId: achat.body.data.id });
  await drainEvents();
  return { seller, buyer, paymentId, achatId: achat.body.data.id as string };
}

it('finds nothing wrong after payments, a pending one, a whole refund and its take-backs; pages of one give the same answer', async () => {
  const first = await sale();
  const second = await sale();
  await markForRefund(second.paymentId, 'test');
  await drainEvents();
  const pending = await startPayment(first.buyer, 'achat', 1000, { achatId: first.achatId });
  expect(pending.code ?? pending.paymentId).toBeDefined();
  const report = await reconcileNow();
  expect(report.breaks).toEqual([]);
  expect(report.paymentsChecked).toBeGreaterThanOrEqual(2);
  expect(report.walletsChecked).toBeGreaterThanOrEqual(3); // two sellers and the platform's books
  expect((await reconcileNow(1)).breaks).toEqual([]);
  // With the grace, payments just changed are not judged.
  const graced = await reconcile({ graceMinutes: 10, pageSize: 50, now: new Date() });
  expect(graced.inProgress).toBe(graced.paymentsChecked);
});

it('reports a seller’s credit left standing after a whole refund, with the payment, the entries and the purchase', async () => {
  const { seller, paymentId, achatId } = await sale();
  // The refund mark written without its take-backs (what the ledger forbids).
  await db().collection(COLLECTIONS.payments).doc(paymentId).update({ refund: { reason: 'annulée à la main', statut: 'a_rembourser', montant: 2_000_000 } });
  const report = await reconcileNow();
  expect(report.breaks).toEqual([
    expect.objectContaining({
      kind: 'over_allocated',
      paymentId,
      statut: 'success',
      refundReason: 'annulée à la main',
      amounts: { montant: 2_000_000, allocated: 2_000_000, refunded: 2_000_000 },
      documents: [`payments/${paymentId}`, `wallets/${seller.uid}/transactions/vente_retenue_${achatId}`, `achats/${achatId}`],
    }),
  ]);
  const { refund: _refund, ...restored } = (await db().collection(COLLECTIONS.payments).doc(paymentId).get()).data()!;
  await db().collection(COLLECTIONS.payments).doc(paymentId).set(restored);
});

it('reports a payment whose money is neither credited nor refunded, and a wallet whose held money is not its entries', async () => {
  const { seller, paymentId, achatId } = await sale();
  const entry = wallets().doc(seller.uid).collection('transactions').doc(`vente_retenue_${achatId}`);
  const stored = (await entry.get()).data()!;
  await entry.delete();
  const report = await reconcileNow();
  expect(report.breaks).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'under_allocated', paymentId, amounts: expect.objectContaining({ montant: 2_000_000, missing: stored.montant }) }),
      expect.objectContaining({ kind: 'held_mismatch', walletId: seller.uid, amounts: { balance: 0, held: stored.montant, debt: 0, entries: 0, heldEntries: 0 }, documents: [`wallets/${seller.uid}`] }),
      // The payment's allocation summary still lists the entry: payments' ledger would count it.
      expect.objectContaining({
        kind: 'allocation_mismatch',
        paymentId,
        amounts: expect.objectContaining({ allocated: 2_000_000 - stored.montant, summarized: 2_000_000 }),
        documents: [`payments/${paymentId}`, `paymentAllocations/${paymentId}`, `wallets/${seller.uid}/transactions/vente_retenue_${achatId}`],
      }),
    ]),
  );
  expect(report.breaks).toHaveLength(3);
  await entry.set(stored);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('reports entries and a refund mark on a payment that failed, entries naming no payment, and negative user balances', async () => {
  const { seller, buyer, achatId } = await sale();
  const failedId = 'failed-payment-1';
  const at = new Date(Date.now() - 3_600_000);
  await db()
    .collection(COLLECTIONS.payments)
    .doc(failedId)
    .set({ userId: buyer.uid, montant: 500, reference: null, statut: 'failed', type: 'achat', metadata: { achatId }, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, refund: { reason: 'x', statut: 'a_rembourser', montant: 500 }, createdAt: at, updatedAt: at, expiresAt: at });
  const bad = (id: string, paymentId: string, montant: number) =>
    wallets().doc(seller.uid).collection('transactions').doc(id).set({ type: 'ajustement', montant, reference: id, description: 'test', paymentId, balanceAfter: null, debtAfter: 0, month: '2026-11', createdAt: at });
  await bad('ajustement_on_failed', failedId, 500);
  await bad('ajustement_orphan', 'no-such-payment', 300);
  const balance = ((await wallets().doc(seller.uid).get()).get('balance') as number) + 800;
  await wallets().doc(seller.uid).update({ balance });
  const loser = await createUser('vendeur');
  await wallets().doc(loser.uid).set({ balance: -100, debt: -100, updatedAt: at, stats: {} });
  // More held money released than was held (never so: each sale's held money leaves once).
  const overReleased = await createUser('vendeur');
  await wallets().doc(overReleased.uid).set({ balance: 0, held: -500, debt: 0, updatedAt: at, stats: {} });
  await wallets().doc(overReleased.uid).collection('transactions').doc('retenue_liberee_x').set({ type: 'retenue_liberee', montant: -500, reference: 'x', description: 'test', paymentId: null, balanceAfter: null, debtAfter: 0, month: '2026-11', createdAt: at });
  const report = await reconcileNow();
  const kinds = report.breaks.map((found) => `${found.kind} ${found.paymentId ?? found.walletId}`).sort();
  expect(kinds).toEqual(
    [`entries_on_unpaid ${failedId}`, `negative_balance ${loser.uid}`, `negative_debt ${loser.uid}`, `negative_held ${overReleased.uid}`, 'refund_on_unpaid failed-payment-1', 'unknown_payment no-such-payment'].sort(),
  );
  expect(report.breaks.find((found) => found.kind === 'entries_on_unpaid')).toMatchObject({
    statut: 'failed',
    documents: [`payments/${failedId}`, `wallets/${seller.uid}/transactions/ajustement_on_failed`],
  });
  expect(report.breaks.find((found) => found.kind === 'unknown_payment')?.documents).toEqual(['payments/no-such-payment', `wallets/${seller.uid}/transactions/ajustement_orphan`]);
});

it('stores the daily report, shows the last one to admin levels only, and lists the wallets in debt', async () => {
  const debtor = await createUser('vendeur');
  await wallets().doc(debtor.uid).set({ balance: 0, debt: 4_000, updatedAt: new Date(), stats: {} });
  await wallets().doc(debtor.uid).collection('transactions').doc('reprise_x').set({ type: 'reprise', montant: -4_000, reference: 'x', description: 'test', paymentId: null, balanceAfter: 0, debtAfter: 4_000, month: '2026-11', createdAt: new Date() });
  const client = await api();
  const gestionnaire = await createUser('gestionnaire');
  const seller = await createUser('vendeur');
  expect((await client.get('/api/admin/reconciliation').set(bearer(gestionnaire.token))).body.data).toBeNull();
  const outcome = await reconcileAndStore();
  expect(outcome.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const stored = (await db().collection(COLLECTIONS.reconciliationReports).doc(outcome.day).get()).data()!;
  expect(stored.breakCount).toBe(outcome.breaks);

  const last = await client.get('/api/admin/reconciliation').set(bearer(gestionnaire.token));
  expect(last.status).toBe(200);
  expect(last.body.data).toMatchObject({ day: outcome.day, breakCount: outcome.breaks, breaksTruncated: false, debtCount: 1, debtTotal: 4_000, debts: [{ walletId: debtor.uid, debt: 4_000, balance: 0 }] });
  expect((await client.get('/api/admin/reconciliation').set(bearer(seller.token))).status).toBe(403);

  const debts = await client.get('/api/admin/reconciliation/debts').set(bearer(admin.token));
  expect(debts.status).toBe(200);
  expect(debts.body.data).toEqual([expect.objectContaining({ walletId: debtor.uid, debt: 4_000, balance: 0 })]);
  expect((await client.get('/api/admin/reconciliation/debts').set(bearer(seller.token))).status).toBe(403);
});
