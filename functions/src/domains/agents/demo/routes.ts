/** `/api/demo-events`: the apps report commercial events; a referred user's count as its agent's demonstrations. */
import { ApiRouter } from '../../../core/http';
import { DemoEventRequest, DemoEventResult } from './schemas';
import { track } from './service';
import { USER_LIMITS } from '../../../core/user-limits';

export const router = new ApiRouter().json({
  method: 'post',
  path: '/api/demo-events/track',
  operationId: 'trackDemoEvent',
  tags: ['Demonstrations'],
  summary: 'Records a demonstration event of the caller’s session (sellers and buyers)',
  description:
    'The session is the token’s user and authentication time, so a refreshed token keeps it. The same `eventType` of a session within DEMO_EVENT_DEDUP_MS is ignored, ' +
    'also when sent in parallel. The user’s agent (its referral’s `referrerId`, or the agent linked to its account at sign-up) gets at most one demonstration per user ' +
    'every DEMO_COOLDOWN_MINUTES, on the day’s `demonstrations` counter.',
  access: 'profile',
  roles: ['vendeur', 'acheteur'],
  userRateLimit: USER_LIMITS.demoEvent,
  body: DemoEventRequest,
  success: { description: 'What became of the event', data: DemoEventResult },
  handle: ({ caller, body }) => track(caller, body.eventType),
});
