/**
 * A payment's allocation summary (functions/src/domains/payments/allocations.ts): payments'
 * ledger checks an allocation against `paymentAllocations/{paymentId}`, read by id, instead of
 * querying the ledgers for the entries naming the payment, and keeps it in the same transaction as
 * each entry. Many sales allocated at once stay exact; allocations and a refund of one payment
 * still run one after the other; payments settled before the summary are checked from their entries.
 */
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { allocate, markForRefund } from '../../functions/src/domains/payments';
import { settle } from '../../functions/src/domains/payments/settlement';
import { type Posting, record } from '../../functions/src/domains/wallet';
import { createUser, type TestUser } from '../helpers/accounts';
import { entriesOf } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { reconcileNow } from '../helpers/money';
import { storedWallet } from '../helpers/wallets';

beforeAll(async () => {
  await resetEmulators();
});

const FEE = 100;
const summaries = () => db().collection(COLLECTIONS.paymentAllocations);
const summaryOf = async (paymentId: string) => (await summaries().doc(paymentId).get()).data();
const sum = (entries: Array<{ montant?: unknown }>) => entries.reduce((total: number, entry) => total + Number(entry.montant), 0);

/** A payment of `montant` settled `success` by the one settle path, its money not allocated yet (no subscriber of a `commande` without an order acts on it). */
async function settledPayment(montant: number): Promise<string> {
  const ref = db().collection(COLLECTIONS.payments).doc();
  const at = new Date();
  await ref.set({ userId: 'payer', montant, reference: `ref-${ref.id}`, statut: 'pending', type: 'commande', metadata: {}, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: new Date(at.getTime() + 3_600_000) });
  await settle(ref.id, 'success', 'admin');
  return ref.id;
}

/** A payment made successful before summaries existed: the payment alone, as older versions left it. */
async function olderPayment(montant: number): Promise<string> {
  const ref = db().collection(COLLECTIONS.payments).doc();
  const at = new Date(Date.now() - 86_400_000);
  await ref.set({ userId: 'payer', montant, reference: `ref-${ref.id}`, statut: 'success', type: 'commande', metadata: {}, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: at });
  return ref.id;
}

const saleOf = (seller: string, paymentId: string, montant: number, reference = paymentId): Posting[] => [
  { uid: seller, entry: { type: 'vente', montant: montant - FEE, reference, description: `Vente ${reference}` } },
  { uid: 'platform', entry: { type: 'commission_plateforme', montant: FEE, reference, description: `Commission ${reference}` } },
];
const sell = (seller: string, paymentId: string, montant: number, reference = paymentId) => runTransaction((tx) => allocate(tx, paymentId, saleOf(seller, paymentId, montant, reference)));
const outcome = (work: Promise<unknown>) => work.then(
  () => 'ok',
  (error: Error) => error.message,
);

describe('many sales allocated at once', () => {
  it.each([
    ['one seller', (seller: string) => seller],
    ['15 sellers', (seller: string, i: number) => `${seller}-${i}`],
  ])('15 sales of %s at once: every credit exact, each payment’s summary lists its two entries, no break', async (_case, sellerOf) => {
    const seller = (await createUser('vendeur')).uid;
    const amounts = Array.from({ length: 15 }, (_, i) => 1_000 + 37 * i);
    const payments = await Promise.all(amounts.map((montant) => settledPayment(montant)));
    // Each settlement opened its payment's summary: nothing allocated yet.
    for (const paymentId of payments) expect(await summaryOf(paymentId)).toMatchObject({ allocated: 0, origin: 'settled' });
    const platformBefore = (await storedWallet('platform')).balance;

    await Promise.all(payments.map((paymentId, i) => sell(sellerOf(seller, i), paymentId, amounts[i])));
    // A subscriber's retry of every sale, at once: nothing more.
    await Promise.all(payments.map((paymentId, i) => sell(sellerOf(seller, i), paymentId, amounts[i])));

    const credited = await Promise.all(payments.map((_, i) => sellerOf(seller, i)).filter((uid, i, all) => all.indexOf(uid) === i).map(async (uid) => (await storedWallet(uid)).balance));
    expect(sum(credited.map((montant) => ({ montant })))).toBe(amounts.reduce((total, montant) => total + montant - FEE, 0));
    if (credited.length === 15) credited.forEach((balance, i) => expect(balance).toBe(amounts[i] - FEE));
    expect((await storedWallet('platform')).balance - platformBefore).toBe(15 * FEE);
    for (const [i, paymentId] of payments.entries()) {
      const summary = await summaryOf(paymentId);
      expect(summary).toMatchObject({ allocated: amounts[i], origin: 'settled' });
      expect(summary?.entries).toEqual(
        expect.arrayContaining([
          { uid: sellerOf(seller, i), id: `vente_${paymentId}`, type: 'vente', montant: amounts[i] - FEE },
          { uid: 'platform', id: `commission_plateforme_${paymentId}`, type: 'commission_plateforme', montant: FEE },
        ]),
      );
      expect(summary?.entries).toHaveLength(2);
    }
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('allocations of one payment run one after the other (they read and write its summary)', () => {
  it('two subscribers allocating one payment at once: both land when the payment covers them, one is refused when it does not', async () => {
    const [seller, courier] = await Promise.all([createUser('vendeur'), createUser('livreur')]);
    // A sale and a delivery's gains out of one payment, at once (two subscribers of its events).
    const paid = await settledPayment(10_000);
    const gains: Posting[] = [
      { uid: courier.uid, entry: { type: 'gain_livraison', montant: 1_300, reference: `d-${paid}`, description: 'Livraison' } },
      { uid: 'platform', entry: { type: 'gain_societe', montant: 700, reference: `d-${paid}`, description: 'Livraison' } },
    ];
    await Promise.all([sell(seller.uid, paid, 8_000), runTransaction((tx) => allocate(tx, paid, gains))]);
    expect(await summaryOf(paid)).toMatchObject({ allocated: 10_000 });
    expect((await summaryOf(paid))?.entries).toHaveLength(4);
    expect((await storedWallet(seller.uid)).balance).toBe(7_900);
    expect((await storedWallet(courier.uid)).balance).toBe(1_300);

    // Two sales of 6,000 out of 10,000 at once: each fits alone, not both. Whichever reads the
    // summary second sees the first's entries and is refused; nothing of it is written.
    const contested = await settledPayment(10_000);
    const outcomes = await Promise.all([outcome(sell(seller.uid, contested, 6_000, `a-${contested}`)), outcome(sell(seller.uid, contested, 6_000, `b-${contested}`))]);
    expect(outcomes.filter((result) => result === 'ok')).toHaveLength(1);
    expect(outcomes.find((result) => result !== 'ok')).toMatch(/would allocate more than it brought/);
    expect(await summaryOf(contested)).toMatchObject({ allocated: 6_000 });
    expect(sum((await entriesOf(seller.uid)).filter((entry) => entry.paymentId === contested))).toBe(5_900);
    expect((await storedWallet(seller.uid)).balance).toBe(7_900 + 5_900);
    // Over-allocated alone: refused, nothing written.
    await expect(sell(seller.uid, contested, 4_001, `c-${contested}`)).rejects.toThrow(/would allocate more than it brought/);
    expect(await summaryOf(contested)).toMatchObject({ allocated: 6_000 });
    expect((await reconcileNow()).breaks.filter((found) => found.paymentId === contested)).toEqual([
      expect.objectContaining({ kind: 'under_allocated', amounts: expect.objectContaining({ missing: 4_000 }) }),
    ]);
    await markForRefund(contested, 'reste', 4_000);
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('a sale racing the whole refund of its payment pays nobody or is taken back, every time; the summary ends at 0', async () => {
    const seller = await createUser('vendeur');
    const payments = await Promise.all(Array.from({ length: 6 }, () => settledPayment(5_000)));
    await Promise.all(payments.map((paymentId, i) => (i % 2 === 0 ? Promise.all([sell(seller.uid, paymentId, 5_000), markForRefund(paymentId, 'annulée')]) : Promise.all([markForRefund(paymentId, 'annulée'), sell(seller.uid, paymentId, 5_000)]))));
    // And once more after the refund: nothing.
    await Promise.all(payments.map((paymentId) => sell(seller.uid, paymentId, 5_000)));
    expect(await storedWallet(seller.uid)).toMatchObject({ balance: 0, debt: 0 });
    for (const paymentId of payments) {
      const summary = await summaryOf(paymentId);
      expect(summary?.allocated).toBe(0);
      const named = [...(await entriesOf(seller.uid)), ...(await entriesOf('platform'))].filter((entry) => entry.paymentId === paymentId);
      expect(sum(named)).toBe(0);
      // Credited then taken back (four entries), or never credited (none): the summary lists what is there.
      expect(((summary?.entries ?? []) as unknown[]).length).toBe(named.length);
      expect([0, 4]).toContain(named.length);
    }
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('refuses more credits than a whole refund could take back, and takes back every credit it allowed', async () => {
    const paymentId = await settledPayment(1_000);
    const credits = (count: number, from = 0): Posting[] =>
      Array.from({ length: count }, (_, i) => ({ uid: 'platform', entry: { type: 'gain_societe' as const, montant: 1, reference: `many-${paymentId}-${from + i}`, description: 'Un franc' } }));
    // functions/src/domains/payments/ledger.ts, MAX_CREDITS_PER_PAYMENT: an allocation that would give one payment more than 120 credits is refused.
    await expect(runTransaction((tx) => allocate(tx, paymentId, credits(121)))).rejects.toThrow(/would have 121 credits, more than 120/);
    expect(await summaryOf(paymentId)).toMatchObject({ allocated: 0 });
    await runTransaction((tx) => allocate(tx, paymentId, credits(120)));
    await expect(runTransaction((tx) => allocate(tx, paymentId, credits(1, 120)))).rejects.toThrow(/would have 121 credits, more than 120/);
    await markForRefund(paymentId, 'annulée');
    const summary = await summaryOf(paymentId);
    expect(summary).toMatchObject({ allocated: 0 });
    expect(summary?.entries).toHaveLength(240);
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('payments settled before the summary existed (functions/src/domains/payments/allocations.ts: "builds it from the entries naming the payment")', () => {
  /** An entry written as older versions wrote them: naming the payment, with no summary kept. */
  const older = (uid: string, paymentId: string, type: 'vente' | 'commission_plateforme', montant: number) => record(uid, { type, montant, reference: `old-${paymentId}`, description: 'Avant', paymentId });

  it('checks a new allocation against the entries already naming the payment, then keeps the summary', async () => {
    const [seller, other] = await Promise.all([createUser('vendeur'), createUser('vendeur')]);
    const paymentId = await olderPayment(10_000);
    await older(seller.uid, paymentId, 'vente', 5_900);
    await older('platform', paymentId, 'commission_plateforme', 100);
    expect(await summaryOf(paymentId)).toBeUndefined();
    // 6,000 already allocated: 4,001 more is refused, and nothing is written (no summary either).
    await expect(sell(other.uid, paymentId, 4_001)).rejects.toThrow(/would allocate more than it brought/);
    expect(await summaryOf(paymentId)).toBeUndefined();
    await sell(other.uid, paymentId, 4_000);
    const summary = await summaryOf(paymentId);
    expect(summary).toMatchObject({ allocated: 10_000, origin: 'rebuilt' });
    expect(summary?.entries).toHaveLength(4);
    expect((await reconcileNow()).breaks).toEqual([]);
    // The whole refund takes back the older entries too, from the summary.
    await markForRefund(paymentId, 'annulée');
    expect((await storedWallet(seller.uid)).balance).toBe(0);
    expect((await storedWallet(other.uid)).balance).toBe(0);
    expect(await summaryOf(paymentId)).toMatchObject({ allocated: 0 });
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('a whole refund of an older payment takes back its entries and keeps the summary; a sale racing it pays nobody', async () => {
    const seller = await createUser('vendeur');
    const paymentId = await olderPayment(6_000);
    await older(seller.uid, paymentId, 'vente', 2_900);
    await older('platform', paymentId, 'commission_plateforme', 100);
    await Promise.all([markForRefund(paymentId, 'annulée'), sell(seller.uid, paymentId, 3_000, `late-${paymentId}`)]);
    expect(await storedWallet(seller.uid)).toMatchObject({ balance: 0, debt: 0 });
    const summary = await summaryOf(paymentId);
    expect(summary).toMatchObject({ allocated: 0, origin: 'rebuilt' });
    expect([4, 8]).toContain(((summary?.entries ?? []) as unknown[]).length);
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('the reconciliation compares each summary with the entries', () => {
  it('reports a summary that does not list the entries naming its payment (allocation_mismatch), with the documents', async () => {
    const seller: TestUser = await createUser('vendeur');
    const paymentId = await settledPayment(3_000);
    await sell(seller.uid, paymentId, 3_000);
    const stored = (await summaries().doc(paymentId).get()).data()!;
    // The summary loses the platform's fee (what payments' ledger never writes).
    await summaries().doc(paymentId).set({ ...stored, allocated: 2_900, entries: stored.entries.filter((entry: { uid: string }) => entry.uid !== 'platform') });
    const report = await reconcileNow();
    expect(report.breaks).toEqual([
      expect.objectContaining({
        kind: 'allocation_mismatch',
        paymentId,
        amounts: { montant: 3_000, allocated: 3_000, refunded: 0, summarized: 2_900 },
        documents: [`payments/${paymentId}`, `paymentAllocations/${paymentId}`, `wallets/platform/transactions/commission_plateforme_${paymentId}`],
      }),
    ]);
    await summaries().doc(paymentId).set(stored);
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});
