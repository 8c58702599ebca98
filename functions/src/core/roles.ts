/**
 * The roles of the spec and which app each belongs to. The buyer app accepts only `acheteur`; the
 * professional app every other role. Admin-level roles run the dashboard.
 */
export const ROLES = [
  'acheteur',
  'vendeur',
  'chauffeur',
  'transitaire',
  'livreur',
  'agentCommercial',
  'admin',
  'superAdmin',
  'principal',
  'gestionnaire',
] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES = ['admin', 'superAdmin', 'principal', 'gestionnaire'] as const satisfies readonly Role[];

/**
 * The admin levels that hold the powers over money beyond the contract's roles (DOMAIN.md, "Admin
 * powers"): writing price lists and tariffs, and forcing a payment's status without the
 * aggregator's matching answer (with a reason). Every such action enters the audit trail.
 */
export const SENIOR_ADMIN_ROLES = ['superAdmin', 'principal'] as const satisfies readonly Role[];

export function isSeniorAdminRole(role: Role): boolean {
  return (SENIOR_ADMIN_ROLES as readonly Role[]).includes(role);
}

/** Roles a person may pick when signing up; agents and admins are created by admins. */
export const SELF_SIGNUP_ROLES = ['acheteur', 'vendeur', 'chauffeur', 'transitaire', 'livreur'] as const satisfies readonly Role[];

export const APPS = ['buyer', 'pro'] as const;
export type App = (typeof APPS)[number];

export function appOfRole(role: Role): App {
  return role === 'acheteur' ? 'buyer' : 'pro';
}

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

/**
 * Types of commercial agent (`typeAgent` on an agent's profile): `Market_pro` works the sellers of
 * the pro app, `Market` the buyers of the buyer app. Here rather than in the agents domain because
 * routes declare which types they serve (`agentTypes`), and the router, in core, checks it.
 */
export const AGENT_TYPES = ['Market_pro', 'Market'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
