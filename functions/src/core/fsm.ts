/**
 * State machines as data: a table of `state -> event -> next state`. A domain keeps its table in
 * `state.ts`; services ask `transition(table, from, event)` and get the next state or a 409
 * INVALID_TRANSITION. Tests walk every pair of the table, allowed and forbidden.
 */
import { ApiError } from './errors';

export type TransitionTable<S extends string, E extends string> = Readonly<Record<S, Partial<Record<E, S>>>>;

export function nextState<S extends string, E extends string>(table: TransitionTable<S, E>, from: S, event: E): S | undefined {
  return table[from]?.[event];
}

export function transition<S extends string, E extends string>(table: TransitionTable<S, E>, from: S, event: E): S {
  const next = nextState(table, from, event);
  if (!next) throw new ApiError('INVALID_TRANSITION');
  return next;
}
