/**
 * Who may use an agent route: the role `agentCommercial`, and for the `me-pro` and `me-market`
 * routes the agent's type (`typeAgent`, on its profile); both are declared on the routes
 * (`roles`, `agentTypes`) and checked by the router, which answers FORBIDDEN_ROLE or
 * AGENT_TYPE_FORBIDDEN (403); the `me` routes take every type.
 */
import { agentTypeOfProfile, type ProfileCaller } from '../../core/auth';
import type { AgentType } from './model';

export const AGENT_ROLES = ['agentCommercial'] as const;

/** The caller's agent type, or null for an agent made without one. */
export function agentTypeOf(caller: ProfileCaller): AgentType | null {
  return agentTypeOfProfile(caller.profile);
}
