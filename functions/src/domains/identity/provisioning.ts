/**
 * Accounts made by operators rather than by sign-up: the first superAdmin (`npm run admin:create`),
 * the demo accounts of the emulator, and test factories. Creates or updates both the
 * identity-provider account (synthetic email of the telephone, password) and the profile.
 */
import { auth } from '../../core/firebase';
import { appOfRole, type Role } from '../../core/roles';
import { normalizeTelephone, syntheticEmail } from '../geo';
import { newUserDocument, type UserDocument } from './model';
import * as repository from './repository';

export interface AccountRequest {
  telephone: string;
  pays?: string;
  password: string;
  role: Role;
  nom: string;
  prenoms: string;
  typeAgent?: 'Market_pro' | 'Market';
  referralCode?: string;
  vendeurType?: UserDocument['vendeurType'];
}

export interface ProvisionedAccount {
  uid: string;
  email: string;
  telephone: string;
  role: Role;
  created: boolean;
}

export async function provisionAccount(request: AccountRequest): Promise<ProvisionedAccount> {
  const telephone = normalizeTelephone(request.telephone, request.pays);
  const app = appOfRole(request.role);
  const email = syntheticEmail(telephone, app);
  const existing = await auth()
    .getUserByEmail(email)
    .catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return undefined;
      throw error;
    });
  const displayName = `${request.prenoms} ${request.nom}`;
  const uid = existing
    ? (await auth().updateUser(existing.uid, { password: request.password, displayName, disabled: false })).uid
    : (await auth().createUser({ email, password: request.password, displayName })).uid;

  const extras = { typeAgent: request.typeAgent, referralCode: request.referralCode, vendeurType: request.vendeurType };
  const profile = await repository.findUser(uid);
  if (profile) {
    await repository.mutateUser(uid, () => ({ role: request.role, isBlocked: false, ...extras }));
  } else {
    await repository.createUser(
      uid,
      newUserDocument({ telephone, email, nom: request.nom, prenoms: request.prenoms, role: request.role, extras }),
    );
  }
  if (request.referralCode) await repository.saveReferralCode(request.referralCode, uid);
  return { uid, email, telephone: telephone.e164, role: request.role, created: !profile };
}
