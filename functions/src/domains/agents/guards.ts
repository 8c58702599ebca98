/**
 * Who may use an agent route: the role `agentCommercial` is the router's check; the `me-pro` and
 * `me-market` routes also need the agent's type (`typeAgent`, on its profile), refused with
 * AGENT_TYPE_FORBIDDEN (403); the `me` routes take both.
 */
import type { ProfileCaller } from '../../core/auth';
import { ApiError } from '../../core/errors';
import type { AgentType } from './model';
import { AgentTypeSchema } from './schemas';

export const AGENT_ROLES = ['agentCommercial'] as const;

/** The caller's agent type, or null for an agent made without one. */
export function agentTypeOf(caller: ProfileCaller): AgentType | null {
  const parsed = AgentTypeSchema.safeParse(caller.profile.typeAgent);
  return parsed.success ? parsed.data : null;
}

/** The caller's type, refused when a route wants another. */
export function requireAgentType(caller: ProfileCaller, wanted: AgentType | undefined): AgentType | null {
  const type = agentTypeOf(caller);
  if (wanted && type !== wanted) throw new ApiError('AGENT_TYPE_FORBIDDEN');
  return type;
}
