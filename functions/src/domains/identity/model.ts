/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
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
  transitaireVerification?: { statut: 'none' | 'pending' | 'approved' | 'rejected'; rejectionMotif?: string };
  /** When the copy of the transit domain's verification status was taken (ms): older events are ignored. */
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

export interface UserListFilters {
  role?: Role;
  isBlocked?: boolean;
  namePrefix?: string;
  telephone?: string;
  nationalNumber?: string;
}

export function searchNameOf(nom: string, prenoms: string): string {
  return searchKey(`${nom} ${prenoms}`);
}

/**
 * A new profile as sign-up and operators create it: not blocked, no photo or city yet, a forwarder
 * starting with verification `none`.
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
    ...(fields.role === 'transitaire' ? { transitaireVerification: { statut: 'none' as const } } : {}),
    createdAt: at,
    updatedAt: at,
  };
}
