/**
 * Web dashboard sessions. A dashboard request (`isWebClient`) must carry the
 * `X-Web-Session-Id` of a live session of the same user; a session ends after
 * WEB_SESSION_IDLE_MINUTES without requests. The idle clock is written at most once per
 * WEB_SESSION_TOUCH_INTERVAL_MS, so a busy dashboard does not write on every request.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { attestationOf } from './app-check';
import { now } from './clock';
import { config } from './config';
import { ApiError } from './errors';
import { db, runTransaction } from './firebase';
import { COLLECTIONS } from './firestore';

/**
 * The dashboard's requests: those whose verified App Check token is a web app's (core/app-check.ts),
 * which a client cannot leave out where the token is required, and those that say `X-Client-Platform:
 * web`, which only adds checks.
 */
export function isWebClient(req: Request): boolean {
  return attestationOf(req)?.web === true || req.get('x-client-platform')?.trim().toLowerCase() === 'web';
}

const sessions = () => db().collection(COLLECTIONS.webSessions);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SessionDocument {
  uid: string;
  userAgent?: string;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt?: Date;
  /** For the TTL policy: a session idle this long is gone for good. */
  expireAt: Date;
}

function idleMs(): number {
  return config().WEB_SESSION_IDLE_MINUTES * 60 * 1000;
}

export async function startWebSession(uid: string, userAgent?: string) {
  const sessionId = randomUUID();
  const at = now();
  const session: SessionDocument = { uid, userAgent, createdAt: at, lastSeenAt: at, expireAt: new Date(at.getTime() + idleMs()) };
  await sessions().doc(sessionId).create(session);
  return { sessionId, startedAt: at.toISOString(), idleTimeoutMinutes: config().WEB_SESSION_IDLE_MINUTES };
}

/** Checks the session of a web request and refreshes its idle clock. */
export async function assertLiveWebSession(req: Request, uid: string): Promise<void> {
  const sessionId = req.get('x-web-session-id')?.trim();
  if (!sessionId) throw new ApiError('WEB_SESSION_REQUIRED');
  if (!UUID.test(sessionId)) throw new ApiError('WEB_SESSION_INVALID');
  const ref = sessions().doc(sessionId);
  const snapshot = await ref.get();
  const session = snapshot.data();
  if (!session || session.uid !== uid || session.endedAt) throw new ApiError('WEB_SESSION_INVALID');
  const lastSeen = (session.lastSeenAt as FirebaseFirestore.Timestamp).toDate().getTime();
  const at = now();
  if (at.getTime() - lastSeen > idleMs()) throw new ApiError('WEB_SESSION_EXPIRED');
  if (at.getTime() - lastSeen >= config().WEB_SESSION_TOUCH_INTERVAL_MS) {
    await ref.update({ lastSeenAt: at, expireAt: new Date(at.getTime() + idleMs()) });
  }
}

/** Ends the caller's session; ending an unknown or another user's session is refused. */
export async function endWebSession(uid: string, sessionId: string | undefined): Promise<{ ended: boolean }> {
  if (!sessionId) throw new ApiError('WEB_SESSION_REQUIRED');
  if (!UUID.test(sessionId)) throw new ApiError('WEB_SESSION_INVALID');
  const ref = sessions().doc(sessionId);
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('uid') !== uid) throw new ApiError('WEB_SESSION_INVALID');
    if (snapshot.get('endedAt')) return { ended: false };
    tx.update(ref, { endedAt: now() });
    return { ended: true };
  });
}
