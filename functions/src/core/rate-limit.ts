/**
 * Rate limits whose counts live in Firestore, so that every instance of every function shares
 * them: a counter in each instance's memory would let N instances accept N times the limit.
 * express-rate-limit does the HTTP side (RateLimit-* and Retry-After headers); this file gives it
 * the shared store. Fixed windows: one counter document per scope, client and window, removed by a
 * TTL policy on `expireAt` (firestore.indexes.json).
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { IncrementResponse, Store } from 'express-rate-limit';
import type { FieldValue as FieldValues, Timestamp } from 'firebase-admin/firestore';
import { addressLimit, rateLimitKey } from './client-ip';
import { now } from './clock';
import { config } from './config';
import { ApiError } from './errors';
import { collection, COLLECTIONS } from './firestore';

export interface RateLimitPolicy {
  /** Counts are per scope: the auth routes share one, the test notification has its own. */
  scope: string;
  max(): number;
  enabled(): boolean;
}

export const AUTH_RATE_LIMIT: RateLimitPolicy = {
  scope: 'auth',
  max: () => config().AUTH_RATE_LIMIT_MAX,
  enabled: () => config().AUTH_RATE_LIMIT_ENABLED,
};

export const TEST_NOTIFICATION_RATE_LIMIT: RateLimitPolicy = {
  scope: 'notification-test',
  max: () => config().TEST_NOTIFICATION_RATE_LIMIT_MAX,
  enabled: () => config().AUTH_RATE_LIMIT_ENABLED,
};

export const UPLOAD_VIDEO_RATE_LIMIT: RateLimitPolicy = {
  scope: 'upload-video',
  max: () => config().UPLOAD_VIDEO_RATE_LIMIT_MAX,
  enabled: () => config().AUTH_RATE_LIMIT_ENABLED,
};

/**
 * `rateLimits/{scope}_{client}_{windowStart}`: the requests of a client in a window (TTL on
 * `expireAt`, written as a Date: this module does not load the Firestore SDK for its Timestamp).
 * `hits` is how many of the window's slots were taken, moved by blind increments after each take.
 */
interface WindowCounter {
  scope: string;
  hits: number;
  expireAt: Date | Timestamp;
}

/**
 * `rateLimits/{counter}/rateLimitSlots/{n}`, n from 1 to the limit: one request let through in the
 * window, created once (a create with its precondition), so at most the limit are let through
 * however many arrive at once.
 */
interface WindowSlot {
  expireAt: Date | Timestamp;
}

const ALREADY_EXISTS = 6;

/** An increment of `by`: the SDK's FieldValue, required with the first count (core/firebase loads the SDK lazily too). */
function plus(by: number): FieldValues {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, as core/firebase.ts
  return (require('firebase-admin/firestore') as typeof import('firebase-admin/firestore')).FieldValue.increment(by);
}

/**
 * The counts of a limit (docs/api-conventions.md, "Per-user limits"; docs/architecture.md, "Hot documents"). A request is let through
 * when it takes one of the window's `max` slots: it reads the counter (one read), tries the slot
 * after those the counter says are taken, then the next ones, and a create that fails (another
 * request took that slot) costs no wait. Then it adds one to the counter blindly. No
 * transaction: a read-then-write transaction on the counter made every request of one client
 * (one user's burst, or the many phones behind one carrier's address) wait for the others'
 * commits. Past the limit the counter says so and nothing is written: a flood costs a read.
 */
class FirestoreWindowStore implements Store {
  readonly localKeys = false;

  constructor(
    readonly prefix: string,
    private readonly windowMs: number,
    /** The limit of a key's count (an edge address has a larger one: core/client-ip.ts). */
    private readonly max: (key: string) => number,
  ) {}

  private counter(key: string) {
    const windowStart = Math.floor(now().getTime() / this.windowMs) * this.windowMs;
    const client = createHash('sha256').update(key).digest('hex').slice(0, 32);
    const resetTime = new Date(windowStart + this.windowMs);
    const ref = collection<WindowCounter>(COLLECTIONS.rateLimits).doc(`${this.prefix}_${client}_${windowStart}`);
    const slot = (n: number) => collection<WindowSlot>(COLLECTIONS.rateLimitSlots, ref).doc(String(n));
    return { ref, slot, resetTime };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { ref, slot, resetTime } = this.counter(key);
    const max = this.max(key);
    const taken = (await ref.get()).data()?.hits ?? 0;
    if (taken >= max) return { totalHits: taken + 1, resetTime };
    // The slots taken are always the first ones (every request tries the next after the counter),
    // so the first free slot is found by going up: requests arriving at once each lose a create
    // to the ones before them, and none waits.
    for (let n = taken + 1; n <= max; n += 1) {
      try {
        await slot(n).create({ expireAt: resetTime });
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) continue;
        throw error;
      }
      await ref.set({ scope: this.prefix, hits: plus(1), expireAt: resetTime }, { merge: true });
      return { totalHits: n, resetTime };
    }
    return { totalHits: max + 1, resetTime };
  }

  /** Gives back the last slot the counter shows taken (express-rate-limit asks only with skip options, which ours do not set). */
  async decrement(key: string): Promise<void> {
    const { ref, slot } = this.counter(key);
    const taken = (await ref.get()).data()?.hits ?? 0;
    if (taken === 0) return;
    await slot(taken).delete();
    await ref.set({ hits: plus(-1) }, { merge: true });
  }

  async resetKey(key: string): Promise<void> {
    const { ref, slot } = this.counter(key);
    const taken = (await ref.get()).data()?.hits ?? 0;
    await Promise.all(Array.from({ length: Math.max(taken, this.max(key)) }, (_, n) => slot(n + 1).delete()));
    await ref.delete();
  }
}

/**
 * One counted attempt outside a route's middleware, where a service counts after its own checks
 * (payment starts). Answers whether the attempt is over `max` in the current window, and the
 * seconds until that window ends (a refusal's `Retry-After`).
 */
export async function overLimit(scope: string, key: string, windowMs: number, max: number): Promise<{ over: boolean; retryAfterSeconds: number }> {
  const { totalHits, resetTime } = await new FirestoreWindowStore(scope, windowMs, () => max).increment(key);
  return { over: totalHits > max, retryAfterSeconds: secondsUntil(resetTime ?? now()) };
}

/** The refusal of counts taken by `overLimit`: 429 RATE_LIMITED, with `Retry-After` the last of their windows' ends. */
export function rateLimited(refused: ReadonlyArray<{ retryAfterSeconds: number }>): ApiError {
  return new ApiError('RATE_LIMITED', undefined, { 'Retry-After': String(Math.max(1, ...refused.map((count) => count.retryAfterSeconds))) });
}

/**
 * A limit on an action of one user, counted by the router after authentication: per signed-in
 * user, or per client address for a caller without a token (public routes, optional ones called
 * without). Each user has its own counter per window (`rateLimits/{scope}_{hash}_{windowStart}`),
 * so no document is shared by many users.
 */
export interface UserRateLimitPolicy {
  /** Counts are per scope: every search route shares `search`, messages have their own. */
  scope: string;
  /** The setting of `max`, named in the OpenAPI document and docs/api-conventions.md. */
  setting: string;
  max(): number;
  /** The setting and max per client address for callers without a token; `max` when not given. */
  anonymous?: { setting: string; max(): number };
  /** Fixed windows of this length, from the Unix epoch (a day's window starts at 00:00 UTC). */
  readonly windowMs: number;
  /** The window in words, for the documentation (`10 minutes`). */
  window: string;
  /** Whether it counts; `USER_RATE_LIMIT_ENABLED` when not given. */
  enabled?(): boolean;
}

/**
 * What the auth and code routes are after, counted beside the address (docs/api-conventions.md,
 * "Limits keyed by account"): the telephone a code goes to or is checked for, the account that
 * signs up, asks or opens a session. The address is the attacker's to change; these are not.
 */
export const AUTH_ACCOUNT_RATE_LIMIT: UserRateLimitPolicy = {
  scope: 'auth-account',
  setting: 'AUTH_RATE_LIMIT_PER_ACCOUNT_MAX',
  max: () => config().AUTH_RATE_LIMIT_PER_ACCOUNT_MAX,
  get windowMs() {
    return config().AUTH_RATE_LIMIT_WINDOW_MS;
  },
  window: '`AUTH_RATE_LIMIT_WINDOW_MS` (15 minutes)',
  enabled: () => config().AUTH_RATE_LIMIT_ENABLED,
};

/** The keys of a keyed limit: an account, a telephone (E.164; none when the number did not parse, which counts nothing). */
export const accountKey = (uid: string): string => `uid:${uid}`;
export const telephoneKey = (e164: string | undefined): string | undefined => (e164 ? `tel:${e164}` : undefined);

/** One count taken: its limit, how many the window holds with it, and when the window ends. */
interface Count {
  max: number;
  totalHits: number;
  resetTime: Date;
}

async function take(policy: UserRateLimitPolicy, key: string, max: number): Promise<Count> {
  const { totalHits, resetTime } = await new FirestoreWindowStore(policy.scope, policy.windowMs, () => max).increment(key);
  return { max, totalHits, resetTime: resetTime ?? now() };
}

const secondsUntil = (time: Date) => Math.max(1, Math.ceil((time.getTime() - now().getTime()) / 1000));

/**
 * Answers counts taken for one request: the draft-7 `RateLimit` headers of the tightest (kept when a
 * limit counted before, the per-IP one, has fewer left), and past a limit 429 RATE_LIMITED with
 * `Retry-After` (seconds until the last window that refuses ends).
 */
function answer(policy: UserRateLimitPolicy, counts: Count[], res: Response): void {
  const left = (count: Count) => Math.max(0, count.max - count.totalHits);
  const tightest = counts.reduce((a, b) => (left(b) < left(a) ? b : a));
  const before = /remaining=(\d+)/.exec(res.get('RateLimit') ?? '');
  if (!before || Number(before[1]) >= left(tightest)) {
    res.set('RateLimit-Policy', `${tightest.max};w=${Math.ceil(policy.windowMs / 1000)}`);
    res.set('RateLimit', `limit=${tightest.max}, remaining=${left(tightest)}, reset=${secondsUntil(tightest.resetTime)}`);
  }
  const over = counts.filter((count) => count.totalHits > count.max);
  if (over.length > 0) {
    res.set('Retry-After', String(Math.max(...over.map((count) => secondsUntil(count.resetTime)))));
    throw new ApiError('RATE_LIMITED');
  }
}

const enabled = (policy: UserRateLimitPolicy) => (policy.enabled ? policy.enabled() : config().USER_RATE_LIMIT_ENABLED);

/**
 * Counts one request of the caller (the client address without one) against a per-user limit;
 * past it, 429 RATE_LIMITED with `Retry-After` (seconds until the window ends). Sets the draft-7
 * `RateLimit` headers the per-IP limiter sets, so a client reads both kinds the same way.
 */
export async function countUserRequest(policy: UserRateLimitPolicy, caller: { uid: string } | undefined, req: Request, res: Response): Promise<void> {
  if (!enabled(policy)) return;
  const address = caller ? undefined : rateLimitKey(req);
  const max = address === undefined ? policy.max() : addressLimit(address, (policy.anonymous ?? policy).max());
  // The two kinds of key cannot meet: a uid is never an address.
  const key = caller ? `uid:${caller.uid}` : `ip:${address}`;
  answer(policy, [await take(policy, key, max)], res);
}

/**
 * Counts one request against each of its keys (`accountKey`, `telephoneKey`), at once; past the
 * limit of any, 429 RATE_LIMITED with `Retry-After`. Every key takes its slot, as a request counted
 * per address and per account does.
 */
export async function countKeyedRequest(policy: UserRateLimitPolicy, keys: ReadonlyArray<string | undefined>, res: Response): Promise<void> {
  const present = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  if (!enabled(policy) || present.length === 0) return;
  answer(policy, await Promise.all(present.map((key) => take(policy, key, policy.max()))), res);
}

/**
 * The middleware of a policy; answers 429 RATE_LIMITED (with Retry-After) past the limit. The
 * limiter (and express-rate-limit, with its address parser) is made on the route's first request,
 * not when the route is declared: a cold start declares every route of its function.
 */
export function rateLimiter(policy: RateLimitPolicy): RequestHandler {
  let limiter: RequestHandler | undefined;
  return (req, res, next) => {
    limiter ??= createLimiter(policy);
    return limiter(req, res, next);
  };
}

function createLimiter(policy: RateLimitPolicy): RequestHandler {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first limited request
  const { rateLimit } = require('express-rate-limit') as typeof import('express-rate-limit');
  const windowMs = config().AUTH_RATE_LIMIT_WINDOW_MS;
  return rateLimit({
    windowMs,
    limit: (req) => addressLimit(rateLimitKey(req), policy.max()),
    store: new FirestoreWindowStore(policy.scope, windowMs, (key) => addressLimit(key, policy.max())),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => rateLimitKey(req),
    skip: () => !policy.enabled(),
    handler: (_req, _res, next) => next(new ApiError('RATE_LIMITED')),
    // Our key generator resolves the proxy chain per entry path; the library's trust-proxy checks do not apply.
    validate: false,
  });
}
