/**
 * State machines as data: a table of `state -> event -> next state`. A domain keeps its table in
 * `state.ts`; services ask `transition(table, from, event)` and get the next state or a 409
 * INVALID_TRANSITION. Tests walk every pair of the table, allowed and forbidden.
 *
 * A process's status moves go through one `StateMachine` (`stateMachine({ table, statusEvent, ... })`,
 * declared once by the domain in its `machine.ts`): `start` answers a new document's first status
 * and history entry, `move` decides the next status by the table and answers the fields to write
 * (status, `updatedAt`, the history with its entry); each emits the status event, all in the
 * caller's transaction, so a status is never written without its history entry and its event.
 * `npm run lint` holds it: a status written or decided outside a machine fails
 * `boundaries/status-via-machine` (eslint-rules/statuses.mjs).
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { ApiError } from './errors';
import { emit, type EventCatalog, type EventType } from './events';

export type TransitionTable<S extends string, E extends string> = Readonly<Record<S, Partial<Record<E, S>>>>;

export function nextState<S extends string, E extends string>(table: TransitionTable<S, E>, from: S, event: E): S | undefined {
  return table[from]?.[event];
}

export function transition<S extends string, E extends string>(table: TransitionTable<S, E>, from: S, event: E): S {
  const next = nextState(table, from, event);
  if (!next) throw new ApiError('INVALID_TRANSITION');
  return next;
}

/**
 * The one key policy of status events: the thing, the status entered and the moment of the move.
 * A status entered again later (a mission back to `parcours`, a listing back online) is another
 * event, counted again; the same move emitted again (a transaction retried with the `at` its caller
 * took before it) is the same event document, counted once (the dashboard counts per event id).
 * Moves are decided on the status read in their transaction, so a move that committed is never
 * made again: an event emitted under an older key (`{id}_{to}`) has no twin under this one.
 */
export function statusEventKey(id: string, to: string, at: Date): string {
  return `${id}_${to}_${at.getTime()}`;
}

/** One change of status, as the machine's history entries and status event see it. */
export interface StatusChange<S extends string, E extends string> {
  id: string;
  from: S | null;
  to: S;
  /** The table's event; absent for a creation (`enter`) and a status set outside the table (`announce`). */
  event?: E;
  at: Date;
  by: string;
  reason: string | null;
}

/** The history entry most processes keep: who moved it to which status, when, and why. */
export interface HistoryEntry<S extends string> {
  statut: S;
  at: Timestamp;
  by: string;
  reason: string | null;
}

interface StatusEventSpec<S extends string, E extends string, C, T extends EventType> {
  type: T;
  /** The payload the subscribers read; `context` is what the caller knows of the document. */
  payload: (change: StatusChange<S, E>, context: C) => EventCatalog[T];
}

interface MachineSpec<S extends string, E extends string, H, C, T extends EventType, F extends string, KH extends boolean> {
  table: TransitionTable<S, E>;
  /** The document's status field (default `statut`; the few stored in English say `status`). */
  field?: F;
  /** False for a process whose documents keep no history (a short-lived code): `start` then writes none. */
  keepsHistory?: KH;
  /** False for a process whose status event says moves only: `start` then emits nothing (its creation is told otherwise, or to nobody). */
  announcesStart?: boolean;
  /** The event saying the change (the dashboard's counters subscribe to it); none for processes nobody counts. */
  statusEvent?: StatusEventSpec<S, E, C, T>;
  /** The entry a move appends to the document's history (default: `HistoryEntry`); `context` for what the change does not carry (the path that learned a payment's outcome). */
  historyEntry?: (change: StatusChange<S, E>, context: C) => H;
  /** How many entries the history keeps, the latest ones (default: all). */
  historyKept?: number;
}

export interface MoveRequest<S extends string, E extends string, H, C> {
  id: string;
  from: S;
  event: E;
  /** The moment of the move: taken before the transaction, so a retry emits the same event. */
  at: Date;
  by?: string;
  reason?: string | null;
  /** The document's history as read: given, the answer holds it with the move's entry appended. */
  history?: readonly H[];
  context?: C;
}

/** The fields a move writes: spread them into the caller's update. */
export type Moved<S extends string, H, F extends string = 'statut'> = { [K in F]: S } & {
  updatedAt: Timestamp;
  /** Present when the request gave the history read. */
  history?: H[];
};

/** The fields a new document starts with, its first history entry unless its process keeps none: spread them into the caller's create. */
export type Started<S extends string, H, F extends string = 'statut', KH extends boolean = true> = { [K in F]: S } & (KH extends false ? unknown : { history: H[] });

export interface StartRequest<S extends string, E extends string, C> {
  id: string;
  to: S;
  at: Date;
  by?: string;
  reason?: string | null;
  /** The event that created it, when the table names one (a tricycle contact's `open`). */
  event?: E;
  context?: C;
}

export interface StateMachine<S extends string, E extends string, H, C, F extends string = 'statut', KH extends boolean = true> {
  readonly table: TransitionTable<S, E>;
  /** The document's status field. */
  readonly field: F;
  /** The move an event makes from a status, or undefined (no error): for callers that ignore a move the table has not. */
  next(from: S, event: E): S | undefined;
  /** The same, or 409 INVALID_TRANSITION: for a caller that must read more before it writes the move. */
  decide(from: S, event: E): S;
  /**
   * One move by the table (409 INVALID_TRANSITION otherwise), its status event emitted in `tx`.
   * It writes (the event): call it after the transaction's last read, as Firestore requires.
   */
  move(tx: Transaction, request: MoveRequest<S, E, H, C>): Moved<S, H, F>;
  /** The same, but a move the table has not answers undefined and writes nothing. */
  tryMove(tx: Transaction, request: MoveRequest<S, E, H, C>): Moved<S, H, F> | undefined;
  /**
   * A document created in `to`: the fields to spread into its create (the status and its first
   * history entry), its status event emitted in `tx` (from null). After the transaction's last read.
   * A process whose start emits nothing may start outside a transaction (`null`): nothing else is written.
   */
  start(tx: Transaction | null, request: StartRequest<S, E, C>): Started<S, H, F, KH>;
  /** Says a status written without a move of the table: a creation (`from` null), or a status the caller decided. Nothing when it did not change. */
  announce(tx: Transaction, change: Omit<StatusChange<S, E>, 'by' | 'reason'> & Partial<Pick<StatusChange<S, E>, 'by' | 'reason'>>, context?: C): void;
}

const defaultEntry = <S extends string, E extends string>(change: StatusChange<S, E>): HistoryEntry<S> => ({
  statut: change.to,
  at: Timestamp.fromDate(change.at),
  by: change.by,
  reason: change.reason,
});

export function stateMachine<S extends string, E extends string, C = undefined, H = HistoryEntry<S>, T extends EventType = EventType, F extends string = 'statut', KH extends boolean = true>(
  spec: MachineSpec<S, E, H, C, T, F, KH>,
): StateMachine<S, E, H, C, F, KH> {
  const field = (spec.field ?? 'statut') as F;
  const status = (to: S) => ({ [field]: to }) as { [K in F]: S };
  const toEntry = spec.historyEntry ?? (defaultEntry as unknown as (change: StatusChange<S, E>, context: C) => H);
  const say = (tx: Transaction, change: StatusChange<S, E>, context: C) => {
    if (!spec.statusEvent || change.from === change.to) return;
    emit(tx, spec.statusEvent.type, statusEventKey(change.id, change.to, change.at), spec.statusEvent.payload(change, context));
  };
  const apply = (tx: Transaction, request: MoveRequest<S, E, H, C>, to: S): Moved<S, H, F> => {
    const change: StatusChange<S, E> = { id: request.id, from: request.from, to, event: request.event, at: request.at, by: request.by ?? 'system', reason: request.reason ?? null };
    say(tx, change, request.context as C);
    const moved: Moved<S, H, F> = { ...status(to), updatedAt: Timestamp.fromDate(request.at) };
    if (request.history) {
      const history = [...request.history, toEntry(change, request.context as C)];
      moved.history = spec.historyKept ? history.slice(-spec.historyKept) : history;
    }
    return moved;
  };
  return {
    table: spec.table,
    field,
    next: (from, event) => nextState(spec.table, from, event),
    decide: (from, event) => transition(spec.table, from, event),
    move: (tx, request) => apply(tx, request, transition(spec.table, request.from, request.event)),
    tryMove: (tx, request) => {
      const to = nextState(spec.table, request.from, request.event);
      return to ? apply(tx, request, to) : undefined;
    },
    start: (tx, { context, ...request }) => {
      const change: StatusChange<S, E> = { by: 'system', reason: null, ...request, from: null };
      if (spec.statusEvent && spec.announcesStart !== false) {
        if (!tx) throw new Error('A process with a status event starts in a transaction: its event is written with the document');
        say(tx, change, context as C);
      }
      return (spec.keepsHistory === false ? status(request.to) : { ...status(request.to), history: [toEntry(change, context as C)] }) as Started<S, H, F, KH>;
    },
    announce: (tx, change, context) => say(tx, { by: 'system', reason: null, ...change }, context as C),
  };
}
