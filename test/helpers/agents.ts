/** Agents and referred users made through the API, as the apps and the admin dashboard make them. */
import { auth } from '../../functions/src/core/firebase';
import { createLogin, newBeninNumber, proveTelephone, signIn, syntheticEmailOf, type TestUser } from './accounts';
import { api, bearer } from './api';

export const AGENT_PASSWORD = 'Agent-2026!';
export type TestAgent = TestUser & { referralCode: string };

/**
 * An agent made by an admin through the API. The admin chooses no password; the agent's own
 * (what it sets through the reset flow, which test/agents/agents.test.ts drives end to end) is set here
 * through the Auth emulator, to keep files that only need an agent fast.
 */
export async function createAgent(admin: TestUser, typeAgent: 'Market_pro' | 'Market'): Promise<TestAgent> {
  const body = { telephone: `+229${newBeninNumber()}`, nom: 'Adjovi', prenoms: 'Nadège', typeAgent, zone: 'Cotonou' };
  const res = await (await api()).post('/api/agents').set(bearer(admin.token)).send(body);
  if (res.status !== 201) throw new Error(`agent not created: ${res.status} ${JSON.stringify(res.body)}`);
  const made = res.body.data;
  await auth().updateUser(made.id, { password: AGENT_PASSWORD });
  return { uid: made.id, token: await signIn(made.email, AGENT_PASSWORD), national: '', telephone: made.telephone, email: made.email, role: 'agentCommercial', referralCode: made.referralCode };
}

/**
 * A user who signs up through the API, with a referral code when given one, and proves its
 * telephone (unless `prove` is false): its agent is paid only then.
 */
export async function signUp(role: 'vendeur' | 'acheteur', referralCode?: string, { prove = true } = {}): Promise<TestUser> {
  const national = newBeninNumber();
  const app = role === 'acheteur' ? 'buyer' : 'pro';
  const login = await createLogin(syntheticEmailOf(national, app));
  const res = await (await api())
    .post('/api/auth/register')
    .set(bearer(login.token))
    .send({ nom: 'Dossou', prenoms: 'Koffi', telephone: `+229${national}`, pays: 'BJ', role, ...(referralCode ? { referralCode } : {}) });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const user: TestUser = { uid: login.uid, token: login.token, national, telephone: `+229${national}`, email: syntheticEmailOf(national, app), role };
  if (prove) await proveTelephone(user);
  return user;
}
