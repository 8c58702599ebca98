/**
 * An offer of a delivery to one courier moves by its table (deliveries/state.ts, `OFFER_TRANSITIONS`)
 * through its machine: each move of a round, an accept, a decline or a cancel lands on the stored
 * offer with its history entry (the status, the event, when; never who, the courier reads it).
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { runRound } from '../../functions/src/domains/logistics/deliveries/rounds';
import { OFFER_EVENTS, OFFER_STATUSES, OFFER_TRANSITIONS } from '../../functions/src/domains/logistics/deliveries/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { couriersAt, offerDoc, offline, paidOrder } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { walk } from '../helpers/transition-table';

let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [buyer, seller] = await Promise.all([createUser('acheteur'), createUser('vendeur')]);
});

afterEach(() => resetClock());

const post = async (user: TestUser, path: string) => (await api()).post(path).set(bearer(user.token)).send({});
const later = (seconds: number) => setClock(() => new Date(Date.now() + seconds * 1000));

/** The stored offer's status, and its history as (status, event) pairs, each entry's keys checked. */
async function offerMoves(deliveryId: string, courier: TestUser) {
  const offer = (await offerDoc(deliveryId, courier.uid))!;
  const history = offer.history as Array<{ statut: string; event: string | null; at: { toMillis(): number } }>;
  for (const entry of history) expect(Object.keys(entry).sort()).toEqual(['at', 'event', 'statut']);
  // The last move's moment is the offer's `updatedAt`; an offer still open has not moved.
  if (history.length > 1) expect(history[history.length - 1].at.toMillis()).toBe((offer.updatedAt as { toMillis(): number }).toMillis());
  return { statut: offer.statut, history: history.map(({ statut, event }) => [statut, event]) };
}

it('walks the offer table: only an open offer moves, once, to its end', () => {
  walk(OFFER_TRANSITIONS, OFFER_STATUSES, OFFER_EVENTS, {
    'ouverte --accept-->': 'acceptee',
    'ouverte --take-->': 'prise',
    'ouverte --decline-->': 'declinee',
    'ouverte --expire-->': 'expiree',
  });
});

it('writes each move of an offer with its history entry: declined, expired at the round’s end, offered anew, accepted, taken', async () => {
  const [stays, leaves, declines] = await couriersAt(1, 3);
  const [far] = await couriersAt(14);
  const { deliveryId: id } = await paidOrder(buyer, [{ seller, montant: 3000 }]);
  expect(await offerMoves(id, declines)).toEqual({ statut: 'ouverte', history: [['ouverte', null]] });
  expect((await post(declines, `/api/deliveries/${id}/decline`)).status).toBe(200);
  await offline(leaves);
  later(61);
  expect(await runRound(id, 2)).toBe('offered');
  expect((await post(far, `/api/deliveries/${id}/accept`)).status).toBe(200);

  expect(await offerMoves(id, declines)).toEqual({ statut: 'declinee', history: [['ouverte', null], ['declinee', 'decline']] });
  expect(await offerMoves(id, leaves)).toEqual({ statut: 'expiree', history: [['ouverte', null], ['expiree', 'expire']] });
  expect(await offerMoves(id, far)).toEqual({ statut: 'acceptee', history: [['ouverte', null], ['acceptee', 'accept']] });
  // Offered again in round 2: that round's offer, made anew, then taken by the courier who won.
  expect(await offerMoves(id, stays)).toEqual({ statut: 'prise', history: [['ouverte', null], ['prise', 'take']] });
  await offline(stays, declines, far);
});

it('expires the open offers of a delivery its buyer cancels, each with its entry', async () => {
  const [courier] = await couriersAt(1);
  const { deliveryId: id } = await paidOrder(buyer, [{ seller, montant: 4000 }]);
  expect((await post(buyer, `/api/deliveries/${id}/cancel`)).status).toBe(200);
  expect(await offerMoves(id, courier)).toEqual({ statut: 'expiree', history: [['ouverte', null], ['expiree', 'expire']] });
  await offline(courier);
});
