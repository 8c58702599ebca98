/**
 * Accounts made by operators rather than by sign-up: the first superAdmin (`npm run admin:create`),
 * the demo accounts of the emulator, and test factories. Creates or updates both the
 * identity-provider account (synthetic email of the telephone, password) and the profile.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../core/errors';
import { auth } from '../../core/firebase';
import { type AgentType, appOfRole, type Role } from '../../core/roles';
import { normalizeTelephone, syntheticEmail } from '../geo';
import { newUserDocument, type UserDocument } from './model';
import * as profiles from './profiles';
import * as registration from './registration';

export interface AccountRequest {
  /** The account's uid when it is created (the demo accounts have fixed ones); the provider draws one otherwise. */
  uid?: string;
  telephone: string;
  pays?: string;
  password: string;
  role: Role;
  nom: string;
  prenoms: string;
  typeAgent?: AgentType;
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
    : (await auth().createUser({ uid: request.uid, email, password: request.password, displayName })).uid;

  const extras = { typeAgent: request.typeAgent, referralCode: request.referralCode, vendeurType: request.vendeurType };
  const profile = await profiles.findUser(uid);
  if (profile) {
    await profiles.mutateUser(uid, () => ({ role: request.role, isBlocked: false, ...extras }));
  } else {
    await registration.createUser(
      uid,
      newUserDocument({ telephone, email, nom: request.nom, prenoms: request.prenoms, role: request.role, extras }),
    );
  }
  if (request.referralCode) await registration.saveReferralCode(request.referralCode, uid);
  return { uid, email, telephone: telephone.e164, role: request.role, created: !profile };
}

export interface AgentAccountRequest {
  telephone: string;
  pays?: string;
  nom: string;
  prenoms: string;
  typeAgent: AgentType;
}

/**
 * An agent's account made by an admin (`POST /api/agents`): the identity-provider account on the
 * pro app, then the profile with its own referral code, drawn by the agents domain, which writes
 * its records in the same transaction (`issueCode.alsoIn`). A number that already has a pro account
 * is refused (TELEPHONE_TAKEN); an account whose profile could not be written is deleted again.
 * The login gets a random password nobody is told (never returned, stored or logged): the agent
 * chooses its own through the password reset (DOMAIN.md, "Admin powers").
 */
export async function createAgentAccount(request: AgentAccountRequest, issueCode: registration.CodeIssue): Promise<{ uid: string; profile: UserDocument }> {
  const telephone = normalizeTelephone(request.telephone, request.pays);
  const email = syntheticEmail(telephone, appOfRole('agentCommercial'));
  const password = randomBytes(32).toString('base64url');
  const { uid } = await auth()
    .createUser({ email, password, displayName: `${request.prenoms} ${request.nom}` })
    .catch((error: { code?: string }) => {
      if (error.code === 'auth/email-already-exists') throw new ApiError('TELEPHONE_TAKEN');
      throw error;
    });
  const document = newUserDocument({ telephone, email, nom: request.nom, prenoms: request.prenoms, role: 'agentCommercial', extras: { typeAgent: request.typeAgent } });
  try {
    return { uid, profile: await registration.createUser(uid, document, { issueCode }) };
  } catch (error) {
    await auth().deleteUser(uid).catch(() => undefined);
    throw error;
  }
}
