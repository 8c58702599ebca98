/**
 * Real accounts in the Auth emulator and real ID tokens, the way the apps get them: create the
 * identity-provider account, then sign in with email and password over the Auth REST API.
 */
import { auth, db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { AgentType, Role } from '../../functions/src/core/roles';
import { provisionAccount } from '../../functions/src/domains/identity/provisioning';
import { api, bearer } from './api';
import { PROJECT_ID } from './emulators';

export const PASSWORD = 'Password-123';
const DOMAIN = 'users.marketplace.invalid';

let sequence = 0;
/** A fresh 10-digit Benin national number (01 + 8 digits), unique within the test run. */
export function newBeninNumber(): string {
  sequence += 1;
  return `01${String(Date.now() % 1e5).padStart(5, '0')}${String(sequence).padStart(3, '0')}`;
}

export function syntheticEmailOf(national: string, app: 'buyer' | 'pro', dialCode = '229'): string {
  return `${app === 'pro' ? 'pro_' : ''}${dialCode}${national}@${DOMAIN}`;
}

/**
 * Signs in to this test process's emulator project. The Auth emulator answers an API key with its
 * default project (demo-marketplace), as the apps' SDK would reach; a request that names another
 * project (`targetProjectId`) must come as the project's owner (`Bearer owner`, the emulator's
 * admin credential). The password is checked and the ID token issued by the emulator either way.
 */
export async function signIn(email: string, password = PASSWORD): Promise<string> {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email, password, returnSecureToken: true, targetProjectId: PROJECT_ID }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/** An identity-provider account without a profile, as right before sign-up. */
export async function createLogin(email: string): Promise<{ uid: string; token: string }> {
  const { uid } = await auth().createUser({ email, password: PASSWORD });
  return { uid, token: await signIn(email) };
}

export interface TestUser {
  uid: string;
  token: string;
  national: string;
  telephone: string;
  email: string;
  role: Role;
}

/**
 * Roles whose work needs a proven telephone (DOMAIN.md, Fair exchange, "Proven people": "A driver
 * accepts a request, and a courier goes online, only with a proven telephone"): their apps run the
 * proof first, and so does createUser.
 */
const PROVEN_ROLES: readonly Role[] = ['chauffeur', 'livreur'];

/**
 * A registered user of any role (admins and agents included, an agent of `typeAgent` when given), with a fresh token.
 * A driver or a courier also proves its telephone, through the API (proveTelephone), as its app makes it do before
 * its first request or its first time online; provisionUser makes one that has not.
 */
export async function createUser(role: Role, names: { nom?: string; prenoms?: string } = {}, typeAgent?: AgentType): Promise<TestUser> {
  const user = await provisionUser(role, names, typeAgent);
  if (PROVEN_ROLES.includes(role)) await proveTelephone(user);
  return user;
}

/** A registered user as the operator's tool makes it: its telephone not proven, whatever its role. */
export async function provisionUser(role: Role, names: { nom?: string; prenoms?: string } = {}, typeAgent?: AgentType): Promise<TestUser> {
  const national = newBeninNumber();
  const account = await provisionAccount({
    telephone: `+229${national}`,
    password: PASSWORD,
    role,
    nom: names.nom ?? 'Test',
    prenoms: names.prenoms ?? role,
    ...(typeAgent ? { typeAgent } : {}),
  });
  return { uid: account.uid, token: await signIn(account.email), national, telephone: account.telephone, email: account.email, role };
}

export async function userDocument(uid: string) {
  return (await db().collection(COLLECTIONS.users).doc(uid).get()).data();
}

/** The newest one-time code the local messaging channel recorded for this number. */
export async function lastCodeSentTo(telephone: string): Promise<string> {
  const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get();
  const newest = sent.docs.map((doc) => doc.data()).sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
  if (!newest) throw new Error(`no code sent to ${telephone}`);
  return newest.code as string;
}

/** The user proves its telephone as the apps do: a code asked for, read from the local channel, typed back. */
export async function proveTelephone(user: Pick<TestUser, 'token' | 'telephone'>): Promise<void> {
  const client = await api();
  const asked = await client.post('/api/auth/phone/request').set(bearer(user.token));
  if (asked.status !== 200) throw new Error(`no proof code: ${asked.status} ${JSON.stringify(asked.body)}`);
  const proved = await client.post('/api/auth/phone/verify').set(bearer(user.token)).send({ otp: await lastCodeSentTo(user.telephone) });
  if (proved.status !== 200) throw new Error(`telephone not proven: ${proved.status} ${JSON.stringify(proved.body)}`);
}
