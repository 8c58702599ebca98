/**
 * What an operator sees of a task queue and may do to it, whatever the backend (operator.ts picks
 * one): the queue's view, pausing and resuming it.
 */
import { REGION } from '../../core/region';

export interface QueueView {
  /** The queue's id: the name of the task function it dispatches to. */
  queue: string;
  /** `unknown` where the backend does not say (the emulator never pauses). */
  state: 'running' | 'paused' | 'disabled' | 'unknown';
  /** Tasks in the queue, due now or scheduled later. */
  backlog: number;
  /** When the oldest task in the queue was due (ISO); null when the queue is empty or the backend does not say. */
  oldestTaskDueAt: string | null;
  /** Tasks run in the last minute; null when the backend does not say. */
  executedLastMinute: number | null;
  /** Dispatches in flight; null when the backend does not say. */
  running: number | null;
}

export interface TaskQueueOperator {
  readonly name: 'cloud' | 'emulator';
  view(queue: string): Promise<QueueView>;
  pause(queue: string): Promise<void>;
  resume(queue: string): Promise<void>;
}

/** What the backend cannot do (the emulator pausing a queue): the operator is told, nothing changes. */
export class UnsupportedQueueOperation extends Error {}

/** The queue's full name in Cloud Tasks (and the emulator's routes): the function's name in our region. */
export function queuePath(project: string, queue: string): string {
  return `projects/${project}/locations/${REGION}/queues/${queue}`;
}

