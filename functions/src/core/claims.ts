/**
 * Claims that many users race for (docs/architecture.md, "Hot documents"): a delivery offer, a driver request.
 * Deciding such a race with a read-then-write transaction on the contested document makes every
 * loser wait for the winner's commit (its lock), and on the emulator for a lock timeout each. Here
 * the race is decided by creating one claim document with a precondition (`create` fails when it
 * exists): the first create wins and the others fail at once, reading nothing under a lock. The
 * winner then runs its own transaction on the contested document, which stays the truth (its
 * checks run again there); a winner whose transaction fails releases its claim so that the next
 * user may win.
 *
 * A claim names one generation of what it claims (the caller puts it in the id: a delivery's
 * round, a request's version), so a delivery offered again or a request given back is claimed
 * anew. A claim whose holder died before releasing it (a crash between the create and the
 * release) holds for CLAIM_LEASE_MS, then the next user takes it over with a precondition on the
 * claim's update time: still no lock, and only one of several takers wins.
 *
 * No transaction ever reads a claim: a blind create or a preconditioned write on a document that a
 * transaction read-locked would wait for that transaction.
 */
import * as logger from 'firebase-functions/logger';
import { type DocumentReference, Timestamp } from 'firebase-admin/firestore';
import { now } from './clock';
import { collection, COLLECTIONS } from './firestore';

/** How long a claim holds without being released: far longer than a winner's transaction takes. */
export const CLAIM_LEASE_MS = 30_000;
/** Claims are deleted by Firestore's TTL this long after they were taken (nothing reads them after the race). */
export const CLAIM_RETENTION_MS = 7 * 86_400_000;

/** `claims/{scope}_{key}_{generation}`. */
export interface ClaimDocument {
  scope: string;
  holder: string;
  takenAt: Timestamp;
  /** Past this moment a claim that was neither released nor followed by its change may be taken over. */
  leaseUntil: Timestamp;
  /** TTL. */
  expireAt: Timestamp;
}

const claims = () => collection<ClaimDocument>(COLLECTIONS.claims);

/** The claim's id: its scope, what it claims and the generation of it. */
export const claimId = (scope: string, key: string, generation: number | string) => `${scope}_${key}_${generation}`.replace(/\//g, '_');

/** A claim won: `release` gives it back (only this holding of it: a later taker's is left alone). */
export interface HeldClaim {
  won: true;
  release: () => Promise<void>;
}
/** A claim lost: who holds it (the caller itself when it asked twice at once). */
export interface LostClaim {
  won: false;
  holder: string;
}

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;
const codeOf = (error: unknown) => (error as { code?: number }).code;

/**
 * Whether a create (or a batch of creates, all or none) committed: false when a document it creates
 * exists already, which is how a race is lost; any other failure is thrown. The creates of many
 * users at once on one document fail at once, none waiting for another.
 */
export async function created(commit: Promise<unknown>): Promise<boolean> {
  try {
    await commit;
    return true;
  } catch (error) {
    if (codeOf(error) === ALREADY_EXISTS) return false;
    throw error;
  }
}

function held(ref: DocumentReference<ClaimDocument>, writeTime: Timestamp): HeldClaim {
  return {
    won: true,
    release: async () => {
      try {
        // Preconditioned on our write: a claim taken over since (our lease ran out) is not ours to delete.
        await ref.delete({ lastUpdateTime: writeTime });
      } catch (error) {
        const code = codeOf(error);
        if (code === FAILED_PRECONDITION || code === NOT_FOUND) return;
        // Not fatal: the lease lets the next user take it over.
        logger.warn('claim not released', { claim: ref.id, error: String(error) });
      }
    },
  };
}

/**
 * Takes claim `id` of `scope` for `holder`, without waiting on any lock: won (with its release) or
 * lost (with its holder).
 */
export async function takeClaim(scope: string, id: string, holder: string): Promise<HeldClaim | LostClaim> {
  const ref = claims().doc(id);
  // Two rounds at most: a claim released between our create and our read is free again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const at = now().getTime();
    const claim: ClaimDocument = {
      scope,
      holder,
      takenAt: Timestamp.fromMillis(at),
      leaseUntil: Timestamp.fromMillis(at + CLAIM_LEASE_MS),
      expireAt: Timestamp.fromMillis(at + CLAIM_RETENTION_MS),
    };
    try {
      return held(ref, (await ref.create(claim)).writeTime);
    } catch (error) {
      if (codeOf(error) !== ALREADY_EXISTS) throw error;
    }
    const current = await ref.get();
    const data = current.data();
    if (!data || !current.updateTime) continue;
    if (data.leaseUntil.toMillis() > at) return { won: false, holder: data.holder };
    // Its holder never released it nor finished: take it over, if nobody else did since our read.
    try {
      return held(ref, (await ref.update({ ...claim }, { lastUpdateTime: current.updateTime })).writeTime);
    } catch (error) {
      const code = codeOf(error);
      if (code !== FAILED_PRECONDITION && code !== NOT_FOUND) throw error;
    }
    return { won: false, holder: (await ref.get()).data()?.holder ?? data.holder };
  }
  return { won: false, holder };
}

/**
 * Runs `work` (the winner's transaction) once the claim is won; a failure of `work` releases the
 * claim and is thrown again. `lost` answers the losers: it throws their conflict code. The holder
 * asking again while its first ask runs (a double tap) is not a loser: its own transactions decide
 * which ask commits, and this one leaves the claim to the first.
 */
export async function withClaim<T>(scope: string, id: string, holder: string, lost: (holder: string) => never, work: () => Promise<T>): Promise<T> {
  const claim = await takeClaim(scope, id, holder);
  if (!claim.won) {
    if (claim.holder !== holder) lost(claim.holder);
    return work();
  }
  try {
    return await work();
  } catch (error) {
    await claim.release();
    throw error;
  }
}
