/** `/api/admin/events`: the subscribers' runs that failed every attempt, for admins to see and replay. */
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { EventRun, ParkedRunsQuery, RunIdParams } from './schemas';
import { listParked, replayRun } from './service';

const tags = ['Domain events (admin)'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/admin/events/parked',
    operationId: 'listParkedEventRuns',
    tags,
    summary: 'Runs of subscribers parked after their last attempt, latest first',
    description: 'A run is parked after EVENT_MAX_ATTEMPTS failures; its event and the error of its last attempt say what went wrong.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: ParkedRunsQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of parked runs', item: EventRun },
    handle: ({ query }) => listParked({ type: query.type, subscriber: query.subscriber }, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/admin/events/runs/:id/replay',
    operationId: 'replayEventRun',
    tags,
    summary: 'Replays a parked run now, with a fresh count of attempts',
    description: 'Subscribers are idempotent: replaying never applies an effect twice. A run that is not parked is left as it is and returned.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: RunIdParams,
    errors: ['EVENT_RUN_NOT_FOUND'],
    success: { description: 'The run after the attempt', data: EventRun },
    handle: ({ params }) => replayRun(params.id),
  });
