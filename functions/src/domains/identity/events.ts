/** Events the identity domain emits (README: event catalogue). */
import type { Role } from '../../core/roles';

export interface UserChanged {
  uid: string;
  role: Role;
  previousRole: Role;
  isBlocked: boolean;
  wasBlocked: boolean;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A profile changed: its owner's edit, or an admin's block, unblock or role change (key: uid, moment and a nonce). */
    'user.changed': UserChanged;
  }
}
