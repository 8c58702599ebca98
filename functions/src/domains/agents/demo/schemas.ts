import { z } from 'zod';

/** The contract's commercial event types: only these are recorded, and count as demonstrations. */
export const DEMO_EVENT_TYPES = [
  'seller_create_started',
  'seller_create_completed',
  'subscription_initiated',
  'campaign_initiated',
  'listing_opened_une',
  'notification_clicked',
  'alert_created',
] as const;

export const DEMO_OUTCOMES = ['recorded', 'deduplicated', 'counted'] as const;

export const DemoEventRequest = z
  .strictObject({
    eventType: z.enum(DEMO_EVENT_TYPES).meta({ description: 'One of the seven commercial event types; any other is a 400.' }),
  })
  .meta({ id: 'DemoEventRequest' });

export const DemoEventResult = z
  .object({
    status: z.enum(DEMO_OUTCOMES).meta({
      description:
        '`deduplicated`: the same `eventType` in the same session within DEMO_EVENT_DEDUP_MS, ignored. `counted`: recorded, and a demonstration counted for the user’s agent. ' +
        '`recorded`: recorded only (no agent, or one counted for this agent and user within DEMO_COOLDOWN_MINUTES).',
    }),
    eventType: z.enum(DEMO_EVENT_TYPES),
    sessionKey: z.string().meta({ description: 'The session, derived from the token: the user id and its authentication time (kept by a token refresh).' }),
    agentId: z.string().nullable().meta({ description: 'The agent the user is attached to, if any.' }),
  })
  .meta({ id: 'DemoEventResult' });
