/**
 * The state-move helper (core/fsm.ts): a move by the table answers the fields to write and emits
 * the status event in the caller's transaction, with the one key policy: a status entered again is
 * another event, the same move emitted again (a retried transaction keeps its `at`) the same one.
 */
import { ApiError } from '../../functions/src/core/errors';
import { useSubscribers } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { type HistoryEntry, stateMachine, statusEventKey } from '../../functions/src/core/fsm';
import { type MissionEvent, MISSION_TRANSITIONS, type MissionStatus } from '../../functions/src/domains/transit/state';
import { allSubscribers } from '../../functions/src/subscribers';
import { resetEmulators } from '../helpers/emulators';

const machine = stateMachine({
  table: MISSION_TRANSITIONS,
  statusEvent: {
    type: 'mission.status_changed',
    payload: ({ id, from, to, at }, context: { articleId: string; acheteur: string }) => ({ missionId: id, ...context, from, to, at: at.toISOString() }),
  },
});
const context = { articleId: 'a1', acheteur: 'buyer1' };

const eventsOf = async (id: string) =>
  (await db().collection(COLLECTIONS.events).where('type', '==', 'mission.status_changed').where('payload.missionId', '==', id).get()).docs.map((doc) => ({
    id: doc.id,
    ...(doc.get('payload') as object),
  }));

beforeAll(async () => {
  await resetEmulators();
  // Nothing reacts to these made-up missions: only the outbox's documents are looked at.
  useSubscribers(async () => []);
});
afterAll(() => useSubscribers(allSubscribers));

it('answers the status, updatedAt and the history with its entry, and emits the status event keyed by the thing, the status and the moment', async () => {
  const at = new Date('2030-01-02T03:04:05.678Z');
  // The history as a mission created earlier stored it (a machine without an event starts outside a transaction).
  const history: HistoryEntry<MissionStatus>[] = stateMachine({ table: MISSION_TRANSITIONS }).start(null, { id: 'm1', to: 'parcours', at: new Date('2030-01-01T00:00:00Z'), by: 'buyer1' }).history;
  const moved = await runTransaction(async (tx) => machine.move(tx, { id: 'm1', from: 'parcours', event: 'select', at, by: 'buyer1', reason: 'chosen', history, context }));
  expect({ ...moved, updatedAt: moved.updatedAt.toDate(), history: moved.history!.map((entry) => ({ ...entry, at: entry.at.toDate() })) }).toEqual({
    statut: 'en_cours',
    updatedAt: at,
    history: [
      { statut: 'parcours', at: new Date('2030-01-01T00:00:00Z'), by: 'buyer1', reason: null },
      { statut: 'en_cours', at, by: 'buyer1', reason: 'chosen' },
    ],
  });
  expect(await eventsOf('m1')).toEqual([
    { id: `mission.status_changed_m1_en_cours_${at.getTime()}`, missionId: 'm1', articleId: 'a1', acheteur: 'buyer1', from: 'parcours', to: 'en_cours', at: at.toISOString() },
  ]);
  expect(statusEventKey('m1', 'en_cours', at)).toBe(`m1_en_cours_${at.getTime()}`);
});

it('refuses a move the table has not with 409 INVALID_TRANSITION and writes nothing; tryMove answers undefined', async () => {
  const at = new Date('2030-01-03T00:00:00Z');
  const error = await runTransaction(async (tx) => machine.move(tx, { id: 'm2', from: 'traite', event: 'cancel', at, context })).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect({ code: (error as ApiError).code, status: (error as ApiError).status }).toEqual({ code: 'INVALID_TRANSITION', status: 409 });
  expect(await runTransaction(async (tx) => machine.tryMove(tx, { id: 'm2', from: 'traite', event: 'cancel', at, context }) ?? 'none')).toBe('none');
  expect(await eventsOf('m2')).toEqual([]);
});

it('keeps a status entered again apart from its first entry, and the same move emitted again one event', async () => {
  const first = new Date('2030-02-01T00:00:00Z');
  const back = new Date('2030-02-02T00:00:00Z');
  const again = new Date('2030-02-03T00:00:00Z');
  await runTransaction(async (tx) => machine.move(tx, { id: 'm3', from: 'parcours', event: 'select', at: first, context }));
  await runTransaction(async (tx) => machine.move(tx, { id: 'm3', from: 'en_cours', event: 'reject', at: back, context }));
  await runTransaction(async (tx) => machine.move(tx, { id: 'm3', from: 'parcours', event: 'select', at: again, context }));
  // A transaction that ran again with the moment its caller took before it: the same document.
  await runTransaction(async (tx) => machine.move(tx, { id: 'm3', from: 'parcours', event: 'select', at: again, context }));
  const events = await eventsOf('m3');
  expect(events.map((event) => event.id).sort()).toEqual(
    [`m3_en_cours_${first.getTime()}`, `m3_parcours_${back.getTime()}`, `m3_en_cours_${again.getTime()}`].map((key) => `mission.status_changed_${key}`).sort(),
  );
});

it('keeps the latest entries of a bounded history, in the shape the process declares, and says nothing of a status that did not change', async () => {
  const bounded = stateMachine({
    table: MISSION_TRANSITIONS,
    historyEntry: ({ to, event, at, by }) => ({ statut: to, event: event ?? null, at: at.toISOString(), by }),
    historyKept: 2,
  });
  const at = new Date('2030-03-01T00:00:00Z');
  const history: Array<{ statut: MissionStatus; event: MissionEvent | null; at: string; by: string }> = [
    { statut: 'parcours', event: null, at: 'then', by: 'a' },
    { statut: 'en_cours', event: 'select', at: 'then', by: 'b' },
  ];
  const moved = await runTransaction(async (tx) => bounded.move(tx, { id: 'm4', from: 'en_cours', event: 'transfer', at, by: 'c', history }));
  expect(moved.history).toEqual([history[1], { statut: 'transferer', event: 'transfer', at: at.toISOString(), by: 'c' }]);
  await runTransaction(async (tx) => {
    machine.announce(tx, { id: 'm5', from: 'parcours', to: 'parcours', at }, context);
  });
  expect(await eventsOf('m5')).toEqual([]);
  expect(await eventsOf('m4')).toEqual([]);
});

it('starts a document in its first status: the fields to create with its first history entry, and the event from nothing', async () => {
  const at = new Date('2030-04-01T00:00:00Z');
  const started = await runTransaction(async (tx) => machine.start(tx, { id: 'm6', to: 'parcours', at, by: 'buyer1', context }));
  expect({ ...started, history: started.history!.map((entry) => ({ ...entry, at: entry.at.toDate() })) }).toEqual({
    statut: 'parcours',
    history: [{ statut: 'parcours', at, by: 'buyer1', reason: null }],
  });
  expect(await eventsOf('m6')).toEqual([
    { id: `mission.status_changed_m6_parcours_${at.getTime()}`, missionId: 'm6', articleId: 'a1', acheteur: 'buyer1', from: null, to: 'parcours', at: at.toISOString() },
  ]);
});

it('writes a status under the field its process names, and no history for a process that keeps none', async () => {
  const code = stateMachine({ table: MISSION_TRANSITIONS, field: 'status', keepsHistory: false });
  const at = new Date('2030-05-01T00:00:00Z');
  const started = await runTransaction(async (tx) => code.start(tx, { id: 'c1', to: 'parcours', at }));
  const moved = await runTransaction(async (tx) => code.move(tx, { id: 'c1', from: 'parcours', event: 'select', at }));
  expect({ started, moved: { ...moved, updatedAt: moved.updatedAt.toDate() }, field: code.field }).toEqual({
    started: { status: 'parcours' },
    moved: { status: 'en_cours', updatedAt: at },
    field: 'status',
  });
});
