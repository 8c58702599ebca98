/**
 * A one-time code's status (account-security/state.ts, machine.ts): its table, and its moves as the
 * database keeps them, under the stored field `status` and without a history (a short-lived secret).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { giveBack } from '../../functions/src/domains/account-security/otp-service';
import { CODE_EVENTS, CODE_STATUSES, CODE_TRANSITIONS } from '../../functions/src/domains/account-security/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

beforeAll(resetEmulators);
restoreSettingsAndClockAfterEach();

const keyOf = (user: TestUser) => `buyer_${user.telephone}`;

/** The record's status fields as stored: its status, its attempts, its last move, and whether it holds a history. */
async function stored(user: TestUser) {
  const record = (await db().collection(COLLECTIONS.passwordResets).doc(keyOf(user)).get()).data()!;
  return { status: record.status, attempts: record.attempts, updatedAt: record.updatedAt.toDate().toISOString(), history: 'history' in record };
}

async function lastCode(telephone: string): Promise<string> {
  const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get();
  return sent.docs.map((doc) => doc.data()).sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0].code as string;
}

const request = async (user: TestUser) => (await api()).post('/api/push-otp/request').send({ telephone: user.telephone });
const verify = async (user: TestUser, otp: string) => (await api()).post('/api/push-otp/verify-code').send({ telephone: user.telephone, otp });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

it('moves by its table: a new code from any status, a pending code used or locked, a used one given back', () => {
  walk(CODE_TRANSITIONS, CODE_STATUSES, CODE_EVENTS, {
    'pending --issue-->': 'pending',
    'pending --use-->': 'used',
    'pending --lock-->': 'locked',
    'used --issue-->': 'pending',
    'used --give_back-->': 'pending',
    'locked --issue-->': 'pending',
  });
});

it('writes each move of a code under `status`, at its moment, with no history', async () => {
  const start = new Date(Math.floor(Date.now() / 1000) * 1000);
  const move = frozenClock(start);
  const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
  const buyer = await createUser('acheteur');

  expect((await request(buyer)).status).toBe(200);
  expect(await stored(buyer)).toEqual({ status: 'pending', attempts: 0, updatedAt: at(0), history: false });

  move(1_000);
  const first = await lastCode(buyer.telephone);
  for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(buyer, wrongFor(first))).body.code).toBe('OTP_INVALID');
  expect(await stored(buyer)).toEqual({ status: 'locked', attempts: 5, updatedAt: at(1_000), history: false });

  move(60_000);
  expect((await request(buyer)).status).toBe(200);
  expect(await stored(buyer)).toEqual({ status: 'pending', attempts: 0, updatedAt: at(61_000), history: false });

  move(1_000);
  const second = await lastCode(buyer.telephone);
  const reset = await (await api()).post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: second, newPassword: 'Nouveau-mdp-2026' });
  expect(reset.status).toBe(200);
  expect(await stored(buyer)).toEqual({ status: 'used', attempts: 0, updatedAt: at(62_000), history: false });

  move(1_000);
  await giveBack(keyOf(buyer), 'reset');
  expect(await stored(buyer)).toEqual({ status: 'pending', attempts: 0, updatedAt: at(63_000), history: false });
  expect((await verify(buyer, second)).body).toEqual({ success: true, data: { valid: true } });
});

it('gives back only a code still used: a newer code locked meanwhile stays locked', async () => {
  const move = frozenClock();
  const buyer = await createUser('acheteur');
  await request(buyer);
  const used = await lastCode(buyer.telephone);
  expect((await (await api()).post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: used, newPassword: 'Nouveau-mdp-2026' })).status).toBe(200);
  move(61_000);
  await request(buyer);
  const newer = await lastCode(buyer.telephone);
  for (let attempt = 0; attempt < 5; attempt += 1) await verify(buyer, wrongFor(newer));
  const locked = await stored(buyer);
  expect(locked.status).toBe('locked');

  move(1_000);
  await giveBack(keyOf(buyer), 'reset');
  expect(await stored(buyer)).toEqual(locked);
  expect((await verify(buyer, newer)).body.code).toBe('OTP_LOCKED');
});
