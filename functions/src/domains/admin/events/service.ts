/** The admins' view of the outbox: subscribers' runs that failed every attempt, and their replay. */
import type { z } from 'zod';
import { parkedRuns, readRun, replay, type RunDocument } from '../../../core/events';
import { ApiError } from '../../../core/errors';
import { type PageRequest, toPage } from '../../../core/pagination';
import type { EventRun } from './schemas';

function toRun(id: string, run: RunDocument): z.input<typeof EventRun> {
  return {
    id,
    eventId: run.eventId,
    type: run.type,
    subscriber: run.subscriber,
    state: run.state,
    attempts: run.attempts,
    dueAt: run.dueAt.toDate().toISOString(),
    lastError: run.lastError,
    updatedAt: run.updatedAt.toDate().toISOString(),
  };
}

export async function listParked(filters: { type?: string; subscriber?: string }, page: PageRequest) {
  const { items, total } = await parkedRuns(filters, page);
  return toPage(page, items.map(({ id, run }) => toRun(id, run)), total);
}

/** Runs a parked run once more now, with a fresh count of attempts; answers where it stands after. */
export async function replayRun(id: string) {
  if (!(await readRun(id))) throw new ApiError('EVENT_RUN_NOT_FOUND');
  const run = await replay(id);
  return toRun(id, run!);
}
