/** Stored shapes of password resets. No code is ever stored: only its HMAC. */
import type { Timestamp } from 'firebase-admin/firestore';
import type { App } from '../../core/roles';
import type { CodeStatus } from './state';

/** `passwordResets/{app}_{e164}`: the current code of one account; a new request replaces it. */
export interface ResetRecord {
  uid: string;
  app: App;
  codeHmac: string;
  expiresAt: Timestamp;
  attempts: number;
  maxAttempts: number;
  /** Moved by its machine (machine.ts); an expired code keeps its status. */
  status: CodeStatus;
  /** When codes were sent in the last hour: the resend throttle. */
  sends: Timestamp[];
  /**
   * Wrong codes on `failedDay` (a business day, `YYYY-MM-DD`), across codes: a new code resets
   * `attempts`, never these, so guesses stay bounded per day (OTP_MAX_FAILED_PER_DAY).
   */
  failedDay?: string;
  failedToday?: number;
  updatedAt: Timestamp;
}

/**
 * What a code is for: a password reset (`passwordResets/{app}_{e164}`) or the proof of an account's
 * telephone (`phoneProofs/{uid}`, the same shape).
 */
export type CodePurpose = 'reset' | 'phone';

/** `otpMessages/{messageId}`: what the messaging platform said of a message that carried a code. */
export interface OtpMessageRecord {
  /** The code's record, in the collection of `purpose`. */
  resetKey: string;
  /** Absent: a password reset (messages recorded before telephone proofs). */
  purpose?: CodePurpose;
  uid: string;
  statuses: Record<string, string>;
  fallbackAt?: Timestamp;
  createdAt: Timestamp;
}
