/** The stored shape of a user profile (`users/{uid}`). */
import type { Timestamp } from 'firebase-admin/firestore';
import type { App, Role } from '../../core/roles';

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
  ville: string | null;
  vendeurType?: 'vehicules' | 'pieces' | 'motos' | 'mixte';
  typeAgent?: 'Market_pro' | 'Market';
  referralCode?: string;
  referredBy?: { code: string; agentId: string };
  transitaireVerification?: { statut: 'none' | 'pending' | 'approved' | 'rejected'; rejectionMotif?: string };
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
  return `${nom} ${prenoms}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
