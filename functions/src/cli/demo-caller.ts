/**
 * A demo account acting through the services, as a signed-in app's request would carry it: its
 * role, the app of that role, and the names its profile is read with (each seed keeps the names it
 * always wrote, which its documents and notices show).
 */
import type { ProfileCaller } from '../core/auth';
import { appOfRole, type Role } from '../core/roles';

export interface DemoAccount {
  uid: string;
  email: string;
}

export function demoCaller(account: DemoAccount, role: Role, nom: string, prenoms: string): ProfileCaller {
  return { uid: account.uid, email: account.email, authTime: 0, role, app: appOfRole(role), profile: { nom, prenoms } };
}
