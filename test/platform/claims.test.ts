/** Claims that many users race for (core/claims): one winner by create precondition, released on failure, taken over after the lease. */
import { CLAIM_LEASE_MS, claimId, takeClaim, withClaim } from '../../functions/src/core/claims';
import { resetClock, setClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { resetEmulators } from '../helpers/emulators';

beforeAll(async () => {
  await resetEmulators();
});

afterEach(() => resetClock());

const stored = async (id: string) => (await db().collection(COLLECTIONS.claims).doc(id).get()).data();
const lostWith = (holder: string): never => {
  throw new Error(`lost to ${holder}`);
};

it('gives a claim to exactly one of 20 takers at once; the others are told who holds it', async () => {
  const id = claimId('test', 'race', 1);
  const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => takeClaim('test', id, `user-${index}`)));
  const winners = outcomes.map((outcome, index) => (outcome.won ? `user-${index}` : undefined)).filter(Boolean);
  expect(winners).toHaveLength(1);
  expect(outcomes.filter((outcome) => !outcome.won).map((outcome) => (outcome.won ? '' : outcome.holder))).toEqual(Array(19).fill(winners[0]));
  expect(await stored(id)).toMatchObject({ scope: 'test', holder: winners[0] });
  // Another generation of the same thing is another claim.
  expect((await takeClaim('test', claimId('test', 'race', 2), 'user-x')).won).toBe(true);
});

it('releases the claim when the winner’s work fails (its error goes on), so the next taker wins and runs its work', async () => {
  const id = claimId('test', 'failing', 0);
  await expect(
    withClaim('test', id, 'first', lostWith, async () => {
      throw new Error('transaction failed');
    }),
  ).rejects.toThrow('transaction failed');
  expect(await stored(id)).toBeUndefined();
  expect(await withClaim('test', id, 'second', lostWith, async () => 'done')).toBe('done');
  expect(await stored(id)).toMatchObject({ holder: 'second' });
  // A third user loses to the holder whose work succeeded: the claim stays.
  await expect(withClaim('test', id, 'third', lostWith, async () => 'never')).rejects.toThrow('lost to second');
  // The holder asking again at once (a double tap) is not a loser: its own work decides.
  expect(await withClaim('test', id, 'second', lostWith, async () => 'again')).toBe('again');
});

it('lets exactly one of 10 takers take over a claim whose lease ran out; the old holder’s late release leaves the new claim alone', async () => {
  const id = claimId('test', 'crashed', 0);
  const old = await takeClaim('test', id, 'crashed');
  expect(old.won).toBe(true);
  const later = Date.now() + CLAIM_LEASE_MS + 1000;
  setClock(() => new Date(later));
  const outcomes = await Promise.all(Array.from({ length: 10 }, (_, index) => takeClaim('test', id, `taker-${index}`)));
  const winners = outcomes.filter((outcome) => outcome.won);
  expect(winners).toHaveLength(1);
  const holder = (await stored(id))?.holder as string;
  expect(holder).toMatch(/^taker-/);
  expect(outcomes.filter((outcome) => !outcome.won).map((outcome) => (outcome.won ? '' : outcome.holder))).toEqual(Array(9).fill(holder));
  if (old.won) await old.release();
  expect(await stored(id)).toMatchObject({ holder });
});
