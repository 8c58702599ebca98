/**
 * Balances that many credits hit (functions/src/domains/wallet/shards.ts; docs/architecture.md, "Hot documents"): credits to one wallet from
 * many transactions at once land on the wallet's shards, not on its document; a withdrawal or a
 * take-back reads every shard in its transaction; debts stay exact; the reconciliation still finds
 * balance - debt = the sum of the entries.
 */
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { allocate, markForRefund } from '../../functions/src/domains/payments';
import { type Entry, record } from '../../functions/src/domains/wallet';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { entriesOf } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { reconcileNow } from '../helpers/money';
import { storedWallet } from '../helpers/wallets';

beforeAll(async () => {
  await resetEmulators();
});

const FEE = 100;

/** A successful payment of `montant`, its money not allocated yet (as a settlement leaves it before its subscribers run). */
async function successfulPayment(montant: number): Promise<string> {
  const ref = db().collection(COLLECTIONS.payments).doc();
  const at = new Date();
  await ref.set({ userId: 'payer', montant, reference: `ref-${ref.id}`, statut: 'success', type: 'commande', metadata: {}, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: at });
  return ref.id;
}

/** A sale's money allocated as a settlement does: the seller's `vente` and the platform's fee, in one transaction. */
function sell(seller: TestUser, paymentId: string, montant: number) {
  return runTransaction((tx) =>
    allocate(tx, paymentId, [
      { uid: seller.uid, entry: { type: 'vente', montant: montant - FEE, reference: paymentId, description: `Vente ${paymentId}` } },
      { uid: 'platform', entry: { type: 'commission_plateforme', montant: FEE, reference: paymentId, description: `Commission ${paymentId}` } },
    ]),
  );
}

const shown = async (who: TestUser, path = '/api/wallet/me') => (await (await api()).get(path).set(bearer(who.token))).body.data;
const sum = (entries: Array<{ montant?: unknown }>) => entries.reduce((total: number, entry) => total + Number(entry.montant), 0);
const withdrawal = (reference: string, montant: number): Entry => ({ type: 'retrait', montant: -montant, reference, description: 'Retrait' });
const gain = (reference: string, montant: number): Entry => ({ type: 'gain_agent', montant, reference, description: 'Gain' });

it('takes 15 credits to one seller at once on its shards: balance exact to the franc, each entry once, the platform’s books exact, no break', async () => {
  const seller = await createUser('vendeur');
  const platformBefore = (await storedWallet('platform')).balance;
  const amounts = Array.from({ length: 15 }, (_, i) => 1_000 + 37 * i);
  const payments = await Promise.all(amounts.map((montant) => successfulPayment(montant)));
  await Promise.all(payments.map((paymentId, i) => sell(seller, paymentId, amounts[i])));
  // Every credit again, at once (a subscriber's retry): nothing more.
  await Promise.all(payments.map((paymentId, i) => sell(seller, paymentId, amounts[i])));

  const expected = amounts.reduce((total, montant) => total + montant - FEE, 0);
  const entries = await entriesOf(seller.uid);
  expect(entries.map((entry) => entry.id).sort()).toEqual(payments.map((id) => `vente_${id}`).sort());
  const stored = await storedWallet(seller.uid);
  expect(stored.balance).toBe(expected);
  // The credits did not write the wallet's document: they landed on several shards.
  expect(stored.base).toBe(0);
  expect(Object.keys(stored.shards).length).toBeGreaterThan(1);
  // Its document exists all the same (the reconciliation walks wallets by document).
  expect(stored.exists).toBe(true);
  // The platform's books: each fee once.
  expect((await storedWallet('platform')).balance - platformBefore).toBe(15 * FEE);

  expect(await shown(seller)).toMatchObject({ balance: expected, debt: 0, currency: 'XOF' });
  const stats = await shown(seller, '/api/wallet/me/stats');
  expect(stats).toMatchObject({ balance: expected, totalsByType: { vente: expected } });
  expect(stats.months).toHaveLength(1);
  const history = await (await api()).get('/api/wallet/me/transactions').query({ limit: 50 }).set(bearer(seller.token));
  expect(history.body.data).toHaveLength(15);
  // docs/guides/wallet.md, "Money": "a credit that landed on a shard carries `balanceAfter: null`".
  for (const item of history.body.data) expect(item).toMatchObject({ type: 'vente', balanceAfter: null, debtAfter: 0 });

  const report = await reconcileNow();
  expect(report.breaks).toEqual([]);
});

it('a withdrawal racing credits never overdraws, sees every committed credit, and folds the shards into the document', async () => {
  const agent = await createUser('agentCommercial');
  const credits = Array.from({ length: 10 }, (_, i) => record(agent.uid, gain(`race-${i}`, 1_000)));
  const withdrawals = Array.from({ length: 5 }, (_, i) => record(agent.uid, withdrawal(`race-w${i}`, 3_000)).then(
    () => 'paid',
    (error: { code?: string }) => error.code,
  ));
  const [, outcomes] = await Promise.all([Promise.all(credits), Promise.all(withdrawals)]);
  const paid = outcomes.filter((outcome) => outcome === 'paid').length;
  expect(outcomes.filter((outcome) => outcome !== 'paid').every((code) => code === 'INSUFFICIENT_BALANCE')).toBe(true);
  expect(paid).toBeLessThanOrEqual(3);
  const afterRace = await storedWallet(agent.uid);
  expect(afterRace).toMatchObject({ balance: 10_000 - 3_000 * paid, debt: 0 });
  expect(afterRace.balance).toBeGreaterThanOrEqual(0);

  // Every credit committed: a withdrawal of the whole balance sees them all, one franc more does not pass.
  await expect(record(agent.uid, withdrawal('too-much', afterRace.balance + 1))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  await record(agent.uid, withdrawal('all', afterRace.balance));
  const emptied = await storedWallet(agent.uid);
  expect(emptied).toMatchObject({ balance: 0, debt: 0, base: 0 });
  expect(Object.values(emptied.shards).every((part) => part === 0)).toBe(true);
  // The withdrawal read the whole wallet: its balance after is exact.
  expect((await entriesOf(agent.uid)).find((entry) => entry.id === 'retrait_all')).toMatchObject({ balanceAfter: 0, debtAfter: 0 });
  expect(sum(await entriesOf(agent.uid))).toBe(0);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('a take-back beyond the balance becomes debt, and credits landing at once repay it first, to the franc', async () => {
  const seller = await createUser('vendeur');
  const first = await successfulPayment(5_100);
  await sell(seller, first, 5_100); // 5,000 to the seller
  await record(seller.uid, withdrawal('w1', 4_000));
  await markForRefund(first, 'annulée'); // takes back 5,000 of a balance of 1,000
  expect(await storedWallet(seller.uid)).toMatchObject({ balance: 0, debt: 4_000 });
  expect(await shown(seller)).toMatchObject({ balance: 0, debt: 4_000 });
  const debts = (await (await api()).get('/api/admin/reconciliation/debts').set(bearer((await createUser('admin')).token))).body.data;
  expect(debts).toEqual(expect.arrayContaining([expect.objectContaining({ walletId: seller.uid, debt: 4_000, balance: 0 })]));

  // Six credits of 1,000 at once: the first four repay the debt, whichever lands first.
  const payments = await Promise.all(Array.from({ length: 6 }, () => successfulPayment(1_100)));
  await Promise.all(payments.map((paymentId) => sell(seller, paymentId, 1_100)));
  expect(await storedWallet(seller.uid)).toMatchObject({ balance: 2_000, debt: 0 });
  const repaid = (await entriesOf(seller.uid)).filter((entry) => payments.includes(entry.paymentId as string));
  // While in debt, taken one after the other: each with its exact balance and debt after. The two
  // that came after the debt was repaid landed on shards (no balance after).
  const whole = repaid.filter((entry) => entry.balanceAfter !== null).map((entry) => [entry.balanceAfter, entry.debtAfter]);
  expect(whole.sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
    [0, 3_000],
    [0, 2_000],
    [0, 1_000],
    [0, 0],
  ]);
  expect(repaid.filter((entry) => entry.balanceAfter === null).map((entry) => entry.debtAfter)).toEqual([0, 0]);
  expect(sum(await entriesOf(seller.uid))).toBe(2_000);
  // Out of debt: the next credits land on shards again.
  const before = await storedWallet(seller.uid);
  const next = await successfulPayment(600);
  await sell(seller, next, 600);
  expect(await storedWallet(seller.uid)).toMatchObject({ balance: 2_500, debt: 0, base: before.base });
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('a take-back and credits landing at once: the same balance and debt whichever lands first, each entry once', async () => {
  const seller = await createUser('vendeur');
  const first = await successfulPayment(5_100);
  await sell(seller, first, 5_100);
  await record(seller.uid, withdrawal('w1', 4_000));
  const payments = await Promise.all(Array.from({ length: 6 }, () => successfulPayment(1_100)));
  // The refund (a take-back of 5,000 from 1,000 plus what landed) beside six credits of 1,000.
  await Promise.all([markForRefund(first, 'annulée'), ...payments.map((paymentId) => sell(seller, paymentId, 1_100))]);
  // Credits first: 7,000 - 5,000; the take-back first: a debt of 4,000, repaid. Either way 2,000.
  expect(await storedWallet(seller.uid)).toMatchObject({ balance: 2_000, debt: 0 });
  const entries = await entriesOf(seller.uid);
  expect(entries).toHaveLength(1 + 1 + 1 + 6); // the sale, the withdrawal, its take-back, six sales
  expect(sum(entries)).toBe(2_000);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('a refund takes back credits that landed on shards, while other credits land', async () => {
  const seller = await createUser('vendeur');
  const payments = await Promise.all(Array.from({ length: 8 }, () => successfulPayment(2_100)));
  await Promise.all(payments.map((paymentId) => sell(seller, paymentId, 2_100)));
  const later = await Promise.all(Array.from({ length: 5 }, () => successfulPayment(1_100)));
  await Promise.all([...payments.slice(0, 3).map((paymentId) => markForRefund(paymentId, 'annulée')), ...later.map((paymentId) => sell(seller, paymentId, 1_100))]);
  expect(await storedWallet(seller.uid)).toMatchObject({ balance: 5 * 2_000 + 5 * 1_000, debt: 0 });
  expect(await shown(seller)).toMatchObject({ balance: 15_000, debt: 0 });
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('a wallet written before the shards keeps its balance as the base: credits add on shards, a withdrawal reads both', async () => {
  const user = await createUser('livreur');
  const wallet = db().collection(COLLECTIONS.wallets).doc(user.uid);
  const at = new Date('2026-10-01T10:00:00Z');
  await wallet.set({ balance: 10_000, debt: 0, updatedAt: at, stats: { '2026-10': { gain_livraison: 10_000 } } });
  await wallet.collection(COLLECTIONS.walletTransactions).doc('gain_livraison_old').set({ type: 'gain_livraison', montant: 10_000, reference: 'old', description: 'Avant', paymentId: null, balanceAfter: 10_000, debtAfter: 0, month: '2026-10', createdAt: at });
  await Promise.all(Array.from({ length: 4 }, (_, i) => record(user.uid, { type: 'gain_livraison', montant: 500, reference: `new-${i}`, description: 'Après' })));
  expect(await storedWallet(user.uid)).toMatchObject({ balance: 12_000, base: 10_000 });
  const stats = await shown(user, '/api/wallet/me/stats');
  expect(stats.balance).toBe(12_000);
  expect(stats.totalsByType).toEqual({ gain_livraison: 12_000 });
  await record(user.uid, withdrawal('w-all', 12_000));
  expect(await storedWallet(user.uid)).toMatchObject({ balance: 0, base: 0, debt: 0 });
  expect((await reconcileNow()).breaks).toEqual([]);
});
