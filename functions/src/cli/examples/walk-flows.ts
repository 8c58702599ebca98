/**
 * The scripted part of the walk: the writes, in an order where each step's ids come from earlier
 * answers (the demo's listing, order, delivery, chat room...). Reads nobody wrote a step for are
 * tried afterwards by walk-reads.ts with the ids these answers gave.
 */
import type { Recorder } from './recorder';

export interface WalkContext {
  /** The demo accounts' uids, by role. */
  uids: Record<string, string>;
  tokens: Map<string, string>;
  /** Signs a role in again (after a step that revokes its tokens). */
  refreshToken(role: string): Promise<unknown>;
}

export async function walkFlows(recorder: Recorder, context: WalkContext): Promise<void> {
  void recorder;
  void context;
}
