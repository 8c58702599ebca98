/** Events the identity domain emits (docs/events.md, generated from these declarations). */
import type { App, Role } from '../../core/roles';

export interface UserChanged {
  uid: string;
  role: Role;
  previousRole: Role;
  isBlocked: boolean;
  wasBlocked: boolean;
}

export interface UserRegistered {
  uid: string;
  role: Role;
  app: App;
  /** The agent whose referral code the user signed up with, or null. */
  referrerId: string | null;
  /** That code, or null. */
  referralCode: string | null;
  /** When the profile was created (ISO). */
  registeredAt: string;
}

export interface UserPhoneVerified {
  uid: string;
  role: Role;
  app: App;
  /** The agent whose code the user signed up with, or null. */
  referrerId: string | null;
  /** When the telephone was proven (ISO). */
  verifiedAt: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * A profile changed: its owner's edit, or an admin's block, unblock or role change (key: uid, moment
     * and a nonce). Emitted by every write of a profile.
     */
    'user.changed': UserChanged;
    /**
     * A profile was created: a sign-up, or an account made by an admin or an operator (key: uid). Emitted
     * by the transaction that creates the profile.
     */
    'user.registered': UserRegistered;
    /**
     * A profile proved its telephone with a code sent to it (key: uid: once per account). Emitted by the
     * transaction that sets `telephoneVerifie` (`POST /api/auth/phone/verify`).
     */
    'user.phone_verified': UserPhoneVerified;
  }
}
