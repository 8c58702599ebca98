/**
 * Who is calling. `Authorization: Bearer <ID token>` is verified with the Admin SDK (revoked
 * tokens refused when AUTH_CHECK_REVOKED is on); then, for routes that need it, the profile is
 * loaded and blocked users and wrong roles are refused.
 */
import type { Request } from 'express';
import type { DocumentData } from 'firebase-admin/firestore';
import { config } from './config';
import { ApiError } from './errors';
import { auth, db } from './firebase';
import { COLLECTIONS } from './firestore';
import { AGENT_TYPES, type AgentType, type App, type Role } from './roles';

/** A caller whose token is valid; it may not have a profile yet (right after sign-up). */
export interface TokenCaller {
  uid: string;
  /** Login email of the identity-provider account (synthetic for telephone accounts). */
  email: string | undefined;
  /** Seconds since the epoch at which the user signed in: stable across token refreshes. */
  authTime: number;
}

/** A registered, unblocked caller. */
export interface ProfileCaller extends TokenCaller {
  role: Role;
  app: App;
  /** The stored profile as read for this request, so handlers need not read it again. */
  profile: DocumentData;
}

const BEARER = /^Bearer\s+([A-Za-z0-9._-]+)\s*$/;

export async function verifyCaller(req: Request): Promise<TokenCaller> {
  const match = BEARER.exec(req.get('authorization') ?? '');
  if (!match) throw new ApiError('UNAUTHENTICATED');
  try {
    const decoded = await auth().verifyIdToken(match[1], config().AUTH_CHECK_REVOKED);
    return { uid: decoded.uid, email: decoded.email?.toLowerCase(), authTime: decoded.auth_time };
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/id-token-revoked') await refuseIfBlocked(match[1]);
    // Expired, malformed, revoked, disabled or issued for another project: all the same to a client.
    throw new ApiError('UNAUTHENTICATED');
  }
}

/**
 * Blocking a user revokes its tokens; tell that user it is blocked (403 USER_BLOCKED) rather than
 * merely signed out, so the app can say why. The SDK reports a revoked token only after it has
 * verified its signature and claims, so reading the subject from it here is safe.
 */
async function refuseIfBlocked(token: string): Promise<void> {
  const uid = subjectOf(token);
  if (!uid) return;
  const profile = await db().collection(COLLECTIONS.users).doc(uid).get();
  if (profile.get('isBlocked') === true) throw new ApiError('USER_BLOCKED');
}

function subjectOf(token: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub.length > 0 ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** Who a profile route lets in, as its declaration says (core/http.ts). */
export interface ProfileRule {
  roles?: readonly Role[];
  /** For callers of role `agentCommercial`: the agent types let in (others pass on their role alone). */
  agentTypes?: readonly AgentType[];
}

/**
 * The checks in the order every profile route makes them, each with its own code: no profile
 * (PROFILE_REQUIRED), blocked (USER_BLOCKED), role (FORBIDDEN_ROLE), agent type
 * (AGENT_TYPE_FORBIDDEN). core/access-matrix.ts states the same order for the role matrix.
 */
export async function loadProfileCaller(caller: TokenCaller, rule: ProfileRule = {}): Promise<ProfileCaller> {
  const snapshot = await db().collection(COLLECTIONS.users).doc(caller.uid).get();
  const profile = snapshot.data();
  if (!profile) throw new ApiError('PROFILE_REQUIRED');
  if (profile.isBlocked === true) throw new ApiError('USER_BLOCKED');
  const role = profile.role as Role;
  if (rule.roles && !rule.roles.includes(role)) throw new ApiError('FORBIDDEN_ROLE');
  if (rule.agentTypes && role === 'agentCommercial') {
    const type = agentTypeOfProfile(profile);
    if (!type || !rule.agentTypes.includes(type)) throw new ApiError('AGENT_TYPE_FORBIDDEN');
  }
  return { ...caller, role, app: profile.app as App, profile };
}

/** An agent's type as stored; an agent made without one (or with an unknown one) has none. */
export function agentTypeOfProfile(profile: DocumentData): AgentType | null {
  const type: unknown = profile.typeAgent;
  return (AGENT_TYPES as readonly unknown[]).includes(type) ? (type as AgentType) : null;
}
