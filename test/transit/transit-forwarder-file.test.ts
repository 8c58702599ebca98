/** /api/transitaires/verification: a forwarder file (its identity file), from submission to the admin's decision. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { FILE_EVENTS, FILE_STATUSES, FILE_TRANSITIONS } from '../../functions/src/domains/transit/forwarder-file/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { CARD_JPEG, uploadCard } from '../helpers/transit';
import { pushesTo } from '../helpers/pushes';
import { restoreSettings, useSettings } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

const base = '/api/transitaires/verification';

it('moves a forwarder’s file as DOMAIN.md says, and nowhere else', () => {
  walk(FILE_TRANSITIONS, FILE_STATUSES, FILE_EVENTS, {
    'none --submit-->': 'pending',
    // A refused file can be submitted again; a pending one cannot, an approved one is final.
    'rejected --submit-->': 'pending',
    'pending --approve-->': 'approved',
    'pending --reject-->': 'rejected',
  });
});

async function dossier(user: TestUser) {
  return { cardFront: await uploadCard(user), cardBack: await uploadCard(user), companyName: 'Transit Express SARL', registrationRef: 'RB/COT/24 B 1234', pays: 'BJ', adresse: 'Zone portuaire, Cotonou' };
}

const profileStatus = async (user: TestUser) => (await db().collection(COLLECTIONS.users).doc(user.uid).get()).get('transitaireVerification');

it('takes a file to pending, refuses a second while pending, and lets an admin reject then approve a new one', async () => {
  const forwarder = await createUser('transitaire');
  const token = `fwd-device-${'q'.repeat(30)}`;
  const client = await api();
  await client.post('/api/users/me/push-tokens').set(bearer(forwarder.token)).send({ token, platform: 'android' });
  expect((await client.get(`${base}/status`).set(bearer(forwarder.token))).body.data).toMatchObject({ statut: 'none', dossier: null });

  const file = await dossier(forwarder);
  const submitted = await client.post(`${base}/submit`).set(bearer(forwarder.token)).send(file);
  expect(submitted.body.data).toMatchObject({ statut: 'pending', dossier: file, submittedAt: expect.any(String) });
  expect(await profileStatus(forwarder)).toEqual({ statut: 'pending' });
  const again = await client.post(`${base}/submit`).set(bearer(forwarder.token)).send(file);
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('INVALID_TRANSITION');

  const pending = await client.get(`${base}/admin/demandes`).set(bearer(admin.token));
  expect(pending.body.data.map((d: { userId: string }) => d.userId)).toContain(forwarder.uid);
  expect((await client.get(`${base}/admin/demandes/${forwarder.uid}`).set(bearer(admin.token))).body.data.dossier).toEqual(file);

  expect((await client.patch(`${base}/admin/demandes/${forwarder.uid}/reject`).set(bearer(admin.token)).send({})).body.code).toBe('VALIDATION_ERROR');
  const rejected = await client.patch(`${base}/admin/demandes/${forwarder.uid}/reject`).set(bearer(admin.token)).send({ rejectionMotif: 'Carte illisible' });
  expect(rejected.body.data).toMatchObject({ statut: 'rejected', rejectionMotif: 'Carte illisible' });
  expect(await profileStatus(forwarder)).toEqual({ statut: 'rejected', rejectionMotif: 'Carte illisible' });

  expect((await client.post(`${base}/submit`).set(bearer(forwarder.token)).send(await dossier(forwarder))).body.data.statut).toBe('pending');
  const approved = await client.patch(`${base}/admin/demandes/${forwarder.uid}/approve`).set(bearer(admin.token));
  expect(approved.body.data).toMatchObject({ statut: 'approved', rejectionMotif: null, decidedAt: expect.any(String) });
  expect(await profileStatus(forwarder)).toEqual({ statut: 'approved' });
  expect((await client.patch(`${base}/admin/demandes/${forwarder.uid}/approve`).set(bearer(admin.token))).body.code).toBe('INVALID_TRANSITION');

  expect((await pushesTo(token)).map((push) => push.data?.type).sort()).toEqual(['transitaire_verification_approved', 'transitaire_verification_rejected']);
});

it('keeps each move of the file in its history on the stored file (who, when, why), and answers the file without it', async () => {
  const forwarder = await createUser('transitaire');
  const client = await api();
  expect((await client.post(`${base}/submit`).set(bearer(forwarder.token)).send(await dossier(forwarder))).status).toBe(200);
  const rejected = await client.patch(`${base}/admin/demandes/${forwarder.uid}/reject`).set(bearer(admin.token)).send({ rejectionMotif: 'Carte illisible' });
  expect(rejected.status).toBe(200);
  const stored = (await db().collection(COLLECTIONS.transitaireVerifications).doc(forwarder.uid).get()).data()!;
  expect(stored.statut).toBe('rejected');
  expect(stored.history.map(({ statut, by, reason }: { statut: string; by: string; reason: string | null }) => ({ statut, by, reason }))).toEqual([
    { statut: 'pending', by: forwarder.uid, reason: null },
    { statut: 'rejected', by: admin.uid, reason: 'Carte illisible' },
  ]);
  expect(stored.history.map((entry: { at: { toMillis(): number } }) => entry.at.toMillis())).toEqual([stored.submittedAt.toMillis(), stored.decidedAt.toMillis()]);
  expect(rejected.body.data).not.toHaveProperty('history');
  expect((await client.get(`${base}/admin/demandes/${forwarder.uid}`).set(bearer(admin.token))).body.data).not.toHaveProperty('history');
});

it('refuses bad files, other roles and unknown forwarders', async () => {
  const forwarder = await createUser('transitaire');
  const buyer = await createUser('acheteur');
  const client = await api();
  const file = await dossier(forwarder);
  for (const bad of [{ ...file, cardBack: 'https://elsewhere.example/card.jpg' }, { ...file, cardFront: undefined }, { ...file, statut: 'approved' }, { ...file, pays: 'XX' }]) {
    expect((await client.post(`${base}/submit`).set(bearer(forwarder.token)).send(bad)).body.code).toBe('VALIDATION_ERROR');
  }
  expect(await profileStatus(forwarder)).toEqual({ statut: 'none' });
  expect((await client.get(`${base}/status`).set(bearer(buyer.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.get(`${base}/admin/demandes`).set(bearer(forwarder.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.patch(`${base}/admin/demandes/${buyer.uid}/approve`).set(bearer(admin.token))).body.code).toBe('USER_NOT_FOUND');
  expect((await client.get(`${base}/admin/demandes/nobody`).set(bearer(admin.token))).body.code).toBe('USER_NOT_FOUND');
});

const refusal = (res: { status: number; body: { code?: string } }) => ({ status: res.status, code: res.body.code });

it('takes only the caller’s own identity cards, as stored: not another user’s, not a path never uploaded, not a public image', async () => {
  const [forwarder, other] = [await createUser('transitaire'), await createUser('transitaire')];
  const client = await api();
  const file = await dossier(forwarder);
  const othersCard = await uploadCard(other);
  const neverUploaded = `kyc/${forwarder.uid}/00000000-0000-4000-8000-000000000000.jpg`;
  const publicImage = (await client.post('/api/upload/image').set(bearer(forwarder.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG)).body.data.path;
  const submit = (body: Record<string, unknown>) => client.post(`${base}/submit`).set(bearer(forwarder.token)).send(body);

  expect(refusal(await submit({ ...file, cardBack: othersCard }))).toEqual({ status: 400, code: 'KYC_FILE_NOT_OWNED' });
  expect(refusal(await submit({ ...file, cardFront: neverUploaded }))).toEqual({ status: 400, code: 'KYC_FILE_NOT_UPLOADED' });
  for (const path of [publicImage, `kyc/${forwarder.uid}/../${other.uid}/${othersCard.split('/').pop()}`, `kyc/${other.uid}/..`]) {
    expect({ path, ...refusal(await submit({ ...file, cardFront: path })) }).toEqual({ path, status: 400, code: 'VALIDATION_ERROR' });
  }
  const english = await client.post(`${base}/submit`).set(bearer(forwarder.token)).set('Accept-Language', 'en').send({ ...file, cardBack: othersCard });
  expect(english.body.message).toBe('This identity card is not one of your uploaded files.');
  expect((await client.get(`${base}/status`).set(bearer(forwarder.token))).body.data).toMatchObject({ statut: 'none', dossier: null });
  expect(await profileStatus(forwarder)).toEqual({ statut: 'none' });

  // Two submissions at once: one file is pending, the other is refused.
  const answers = await Promise.all([submit(file), submit(file)]);
  expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
});

it('refuses to approve a file without both identity cards stored (KYC_CARDS_MISSING), changing nothing', async () => {
  const [bare, lost] = [await createUser('transitaire'), await createUser('transitaire')];
  const client = await api();
  const files = db().collection(COLLECTIONS.transitaireVerifications);
  const pending = { statut: 'pending', rejectionMotif: null, submittedAt: new Date(), decidedAt: null, decidedBy: null };
  const company = { companyName: 'Sans Carte SARL', registrationRef: 'RB/COT/24 B 9', pays: 'BJ', adresse: 'Cotonou' };
  // A file from before the cards were checked: no card at all; another whose cards were never stored.
  await files.doc(bare.uid).set({ ...pending, dossier: company });
  await files.doc(lost.uid).set({ ...pending, dossier: { ...company, cardFront: `kyc/${lost.uid}/00000000-0000-4000-8000-000000000001.jpg`, cardBack: await uploadCard(lost) } });
  for (const user of [bare, lost]) {
    await db().collection(COLLECTIONS.users).doc(user.uid).update({ transitaireVerification: { statut: 'pending' } });
    const before = (await files.doc(user.uid).get()).data();
    expect(refusal(await client.patch(`${base}/admin/demandes/${user.uid}/approve`).set(bearer(admin.token)))).toEqual({ status: 409, code: 'KYC_CARDS_MISSING' });
    expect((await files.doc(user.uid).get()).data()).toEqual(before);
    expect(await profileStatus(user)).toEqual({ statut: 'pending' });
  }
  // The admin still sees such a file, without links to cards it does not have.
  expect((await client.get(`${base}/admin/demandes/${bare.uid}`).set(bearer(admin.token))).body.data).toMatchObject({ statut: 'pending', cardLinks: null });
});

describe('the profile changes with the decision', () => {
  // Events wait for the trigger here, as in production: nothing but the decision's own transaction
  // can put the new status on the profile before the answer.
  beforeEach(() => useSettings({ EVENTS_DISPATCH_INLINE: 'false' }));
  afterEach(() => restoreSettings());

  const me = async (user: TestUser) => (await (await api()).get('/api/protected/me').set(bearer(user.token))).body.data.transitaireVerification;
  const approve = async (user: TestUser) => (await api()).patch(`${base}/admin/demandes/${user.uid}/approve`).set(bearer(admin.token));
  const reject = async (user: TestUser) => (await api()).patch(`${base}/admin/demandes/${user.uid}/reject`).set(bearer(admin.token)).send({ rejectionMotif: 'Carte illisible' });

  async function submitted() {
    const user = await createUser('transitaire');
    expect((await (await api()).post(`${base}/submit`).set(bearer(user.token)).send(await dossier(user))).status).toBe(200);
    return user;
  }

  it('shows the admin’s approval or refusal on GET /api/protected/me as soon as the decision answers', async () => {
    // docs/guides/transit.md, Forwarder verification: "The file and the status on the forwarder's profile change in one transaction".
    const [approved, rejected] = [await submitted(), await submitted()];
    expect(await me(approved)).toEqual({ statut: 'pending' });
    expect((await approve(approved)).status).toBe(200);
    expect(await me(approved)).toEqual({ statut: 'approved' });
    expect((await reject(rejected)).status).toBe(200);
    expect(await me(rejected)).toEqual({ statut: 'rejected', rejectionMotif: 'Carte illisible' });
  });

  it('keeps one decision when two arrive at once: approve twice, or approve and reject', async () => {
    const twice = await submitted();
    const answers = await Promise.all([approve(twice), approve(twice)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)!.body.code).toBe('INVALID_TRANSITION');
    expect(await me(twice)).toEqual({ statut: 'approved' });

    const both = await submitted();
    const [approval, refusal] = await Promise.all([approve(both), reject(both)]);
    expect([approval.status, refusal.status].sort()).toEqual([200, 409]);
    const winner = approval.status === 200 ? approval.body.data : refusal.body.data;
    const file = (await db().collection(COLLECTIONS.transitaireVerifications).doc(both.uid).get()).data()!;
    expect(file.statut).toBe(winner.statut);
    expect(await me(both)).toEqual(winner.statut === 'approved' ? { statut: 'approved' } : { statut: 'rejected', rejectionMotif: 'Carte illisible' });
    expect(file.decidedAt.toDate().toISOString()).toBe(winner.decidedAt);
  });
});
