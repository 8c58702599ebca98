/**
 * The agents domain's surface for other domains (none needs it yet): other domains never call the
 * agents; the agents subscribe to their events (subscribers.ts).
 */
export { AGENT_TYPES, type AgentType, EARNING_TYPES, type EarningType } from './model';
