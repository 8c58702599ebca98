/** The stored shape of a user profile (`users/{uid}`). */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { searchKey } from '../../core/text';
import { type AgentType, type App, appOfRole, type Role } from '../../core/roles';
import type { NormalizedTelephone } from '../geo';

export interface UserDocument {
  telephone: string;
  email: string;
  nom: string;
  prenoms: string;
  /** Lower-case `nom prenoms` without accents: the prefix searched by the admin list. */
  searchName: string;
  role: Role;
  app: App;
  pays: string;
  dialCode: string;
  nationalNumber: string;
  isBlocked: boolean;
  blocked?: { motif?: string; by: string; at: Timestamp };
  photoUrl: string | null;
  /** The stored file behind `photoUrl` when it is one of ours (`images/<uuid>.jpg`). */
  photoPath?: string | null;
  ville: string | null;
  vendeurType?: 'vehicules' | 'pieces' | 'motos' | 'mixte';
  typeAgent?: AgentType;
  referralCode?: string;
  referredBy?: { code: string; agentId: string };
  /** A forwarder's copy of its forwarder file's status (forwarder-file-copy.ts). */
  transitaireVerification?: ForwarderFileCopy;
  /** When the copy of the forwarder file's status was taken (ms): older events are ignored. */
  transitaireVerificationAt?: number;
  /**
   * The owner proved it receives messages at `telephone` (a code sent there and typed back,
   * `POST /api/auth/phone/verify`). Absent: not proven. Set once, never unset.
   */
  telephoneVerifie?: boolean;
  telephoneVerifieAt?: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * The profile's copy of its forwarder file's status, kept by the transit domain, which owns the file
 * and its table (a copy, not a process of identity: it moves only with the file).
 */
export interface ForwarderFileCopy {
  statut: 'none' | 'pending' | 'approved' | 'rejected';
  rejectionMotif?: string;
}

export interface UserListFilters {
  role?: Role;
  isBlocked?: boolean;
  namePrefix?: string;
  telephone?: string;
  nationalNumber?: string;
}

/**
 * A new forwarder's copy: the forwarder file's status before any submission. Transit's table names
 * it (`none`), but identity sits below transit and cannot import it; the copy is not a process
 * of its own, so no machine of identity starts it.
 */
// eslint-disable-next-line boundaries/status-via-machine -- the copy of another domain's status at creation, not a process's move
const NO_FORWARDER_FILE: ForwarderFileCopy = { statut: 'none' };

export function searchNameOf(nom: string, prenoms: string): string {
  return searchKey(`${nom} ${prenoms}`);
}

/**
 * A new profile as sign-up and operators create it: not blocked, no photo or city yet, a forwarder
 * with no forwarder file yet (`none`).
 */
export function newUserDocument(fields: {
  telephone: NormalizedTelephone;
  email: string;
  nom: string;
  prenoms: string;
  role: Role;
  extras?: Pick<UserDocument, 'vendeurType' | 'typeAgent' | 'referralCode'>;
}): UserDocument {
  const at = Timestamp.fromDate(now());
  return {
    telephone: fields.telephone.e164,
    email: fields.email,
    nom: fields.nom,
    prenoms: fields.prenoms,
    searchName: searchNameOf(fields.nom, fields.prenoms),
    role: fields.role,
    app: appOfRole(fields.role),
    pays: fields.telephone.pays,
    dialCode: fields.telephone.dialCode,
    nationalNumber: fields.telephone.nationalNumber,
    isBlocked: false,
    photoUrl: null,
    ville: null,
    ...fields.extras,
    ...(fields.role === 'transitaire' ? { transitaireVerification: NO_FORWARDER_FILE } : {}),
    createdAt: at,
    updatedAt: at,
  };
}
