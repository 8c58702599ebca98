/** /api/publicites and /api/admin/pub-pricing: boosts of listings, from request to expiry. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { expireEnded, markPaid } from '../../functions/src/domains/catalog/publicites/service';
import { onAchatPaid } from '../../functions/src/domains/commerce/achats/service';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock, restoreSettings, useSettings } from '../helpers/settings';

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});
afterEach(() => {
  resetClock();
  restoreSettings();
});

const article = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data();
const pubDoc = async (id: string) => (await db().collection(COLLECTIONS.publicites).doc(id).get()).data();

async function ask(seller: TestUser, articleId: string, typePub = 'a_la_une', duree = 7) {
  return (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId, typePub, duree });
}

describe('pricing', () => {
  it('has defaults, is readable by signed-in users and set by admins only', async () => {
    const seller = await createUser('vendeur');
    const client = await api();
    expect((await client.get('/api/admin/pub-pricing').set(bearer(seller.token))).body.data).toEqual({ sponsoriseParJour: 1000, aLaUneParJour: 2000 });
    const denied = await client.put('/api/admin/pub-pricing').set(bearer(seller.token)).send({ sponsoriseParJour: 1, aLaUneParJour: 1 });
    expect(denied.body.code).toBe('FORBIDDEN_ROLE');
    for (const bad of [{ sponsoriseParJour: 1500 }, { sponsoriseParJour: -1, aLaUneParJour: 2 }, { sponsoriseParJour: 1.5, aLaUneParJour: 2 }]) {
      expect((await client.put('/api/admin/pub-pricing').set(bearer(admin.token)).send(bad)).body.code).toBe('VALIDATION_ERROR');
    }
    const set = await client.put('/api/admin/pub-pricing').set(bearer(admin.token)).send({ sponsoriseParJour: 1500, aLaUneParJour: 2500 });
    expect(set.body.data).toEqual({ sponsoriseParJour: 1500, aLaUneParJour: 2500 });
    const seller2 = await createUser('vendeur');
    const listing = await publish(seller2);
    expect((await ask(seller2, listing.id, 'sponsorise', 14)).body.data).toMatchObject({ prixParJour: 1500, montant: 21_000 });
    await client.put('/api/admin/pub-pricing').set(bearer(admin.token)).send({ sponsoriseParJour: 1000, aLaUneParJour: 2000 });
  });
});

describe('a boost from request to expiry', () => {
  it('is priced, paid once, activated with the listing flag, and expired by the job', async () => {
    const move = frozenClock(new Date('2026-11-22T08:00:00Z'));
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const asked = await ask(seller, listing.id, 'a_la_une', 7);
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ statut: 'en_attente', prixParJour: 2000, montant: 14_000, vendeur: seller.uid });
    const id = asked.body.data.id;

    const early = await (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('INVALID_TRANSITION');

    await markPaid(id, 'pay-1');
    await markPaid(id, 'pay-1'); // the same payment confirmed twice changes nothing
    // A second payment of a paid boost buys nothing: its money is owed back, the boost stays as it is.
    await expect(markPaid(id, 'pay-2')).resolves.toEqual({ refund: 'advertisement already paid' });
    expect(await pubDoc(id)).toMatchObject({ statut: 'payee', paymentId: 'pay-1' });

    const active = await (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token));
    expect(active.body.data).toMatchObject({ statut: 'active', dateDebut: '2026-11-22T08:00:00.000Z', dateFin: '2026-11-29T08:00:00.000Z' });
    expect((await article(listing.id))?.aLaUne).toBe(true);
    const told = async (type: string) =>
      ((await (await api()).get('/api/notifications').set(bearer(seller.token))).body.data as Array<{ type: string }>).filter((n) => n.type === type);
    expect(await told('publicite_active')).toEqual([expect.objectContaining({ body: expect.stringContaining('jusqu’au 29 novembre 2026'), resource: { kind: 'publicite', id } })]);
    const front = await (await api()).get('/api/public/articles/a-la-une?limit=100');
    expect(front.body.data.map((a: { id: string }) => a.id)).toContain(listing.id);
    const running = await (await api()).get('/api/public/publicites?limit=100');
    expect(running.body.data.map((p: { id: string }) => p.id)).toContain(id);

    move(6 * 24 * 60 * 60 * 1000);
    expect(await expireEnded()).toEqual({ expired: 0 });
    move(24 * 60 * 60 * 1000);
    expect(await expireEnded()).toEqual({ expired: 1 });
    expect(await expireEnded()).toEqual({ expired: 0 });
    expect((await pubDoc(id))?.statut).toBe('expiree');
    expect((await article(listing.id))?.aLaUne).toBe(false);
  });

  it('keeps the flag while another boost of the same kind still runs', async () => {
    const move = frozenClock(new Date('2026-11-22T08:00:00Z'));
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const short = (await ask(seller, listing.id, 'sponsorise', 7)).body.data.id;
    const long = (await ask(seller, listing.id, 'sponsorise', 30)).body.data.id;
    for (const [id, payment] of [[short, 'p-short'], [long, 'p-long']]) {
      await markPaid(id, payment);
      await (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token));
    }
    move(8 * 24 * 60 * 60 * 1000);
    expect((await expireEnded()).expired).toBe(1);
    expect((await article(listing.id))?.sponsorise).toBe(true);
  });

  it('marks a rejected paid boost for refund', async () => {
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const id = (await ask(seller, listing.id, 'sponsorise', 30)).body.data.id;
    await markPaid(id, 'pay-r');
    const res = await (await api()).patch(`/api/publicites/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Contenu interdit' });
    expect(res.body.data).toMatchObject({ statut: 'rejetee', motifRejet: 'Contenu interdit', remboursement: { montant: 30_000, statut: 'a_rembourser' } });
    const again = await (await api()).patch(`/api/publicites/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Encore' });
    expect(again.body.code).toBe('INVALID_TRANSITION');
    const told = (await (await api()).get('/api/notifications').set(bearer(seller.token))).body.data as Array<{ type: string; body: string }>;
    expect(told.filter((n) => n.type === 'publicite_rejected').map((n) => n.body)).toEqual([
      expect.stringMatching(/Motif : Contenu interdit Le montant payé vous sera remboursé\.$/),
    ]);
  });
});

describe('refusals', () => {
  it('refuses boosting someone else’s listing, a listing not online, and bad requests', async () => {
    const seller = await createUser('vendeur');
    const other = await createUser('vendeur');
    const listing = await publish(seller);
    expect((await ask(other, listing.id)).body.code).toBe('NOT_OWNER');
    expect((await ask(seller, 'missing-listing')).body.code).toBe('ARTICLE_NOT_FOUND');
    for (const [typePub, duree] of [['a_la_une', 10], ['banniere', 7]] as const) {
      expect((await ask(seller, listing.id, typePub, duree)).body.code).toBe('VALIDATION_ERROR');
    }
    await (await api()).post(`/api/articles/${listing.id}/withdraw`).set(bearer(seller.token));
    const offline = await ask(seller, listing.id);
    expect(offline.status).toBe(409);
    expect(offline.body.code).toBe('ARTICLE_NOT_ONLINE');
    expect((await db().collection(COLLECTIONS.publicites).where('articleId', '==', listing.id).get()).size).toBe(0);
  });

  it('shows a seller its own boosts, admins all, and nobody else’s', async () => {
    const seller = await createUser('vendeur');
    const other = await createUser('vendeur');
    const listing = await publish(seller);
    const id = (await ask(seller, listing.id)).body.data.id;
    const client = await api();
    expect((await client.get('/api/publicites/mine').set(bearer(seller.token))).body.data.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await client.get('/api/publicites/mine').set(bearer(other.token))).body.data).toEqual([]);
    expect((await client.get(`/api/publicites/${id}`).set(bearer(other.token))).body.code).toBe('NOT_OWNER');
    const all = await client.get('/api/publicites?statut=en_attente&typePub=a_la_une&limit=100').set(bearer(admin.token));
    expect(all.body.data.map((p: { id: string }) => p.id)).toContain(id);
    expect((await client.get('/api/publicites').set(bearer(seller.token))).body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.patch(`/api/publicites/${id}/activate`).set(bearer(seller.token))).body.code).toBe('FORBIDDEN_ROLE');
  });
});

describe('a listing leaving public view', () => {
  /** A boost asked, paid and started: running, with its listing flag on. */
  async function runningBoost(seller: TestUser, articleId: string, typePub: 'a_la_une' | 'sponsorise') {
    const id = (await ask(seller, articleId, typePub, 30)).body.data.id as string;
    await markPaid(id, `pay-${id}`);
    const active = await (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token));
    expect(active.body.data.statut).toBe('active');
    return id;
  }
  const publicBoosts = async () => ((await (await api()).get('/api/public/publicites?limit=100')).body.data as Array<{ id: string; articleId: string }>);

  const offline: Array<[string, (seller: TestUser, articleId: string) => Promise<unknown>]> = [
    ['withdrawn by its seller', async (seller, articleId) => (await api()).post(`/api/articles/${articleId}/withdraw`).set(bearer(seller.token))],
    ['taken down by an admin', async (_seller, articleId) => (await api()).post(`/api/articles/${articleId}/reject`).set(bearer(admin.token)).send({ motif: 'Annonce trompeuse' })],
    ['deleted by its seller', async (seller, articleId) => (await api()).delete(`/api/articles/${articleId}`).set(bearer(seller.token))],
    [
      'sold',
      async (_seller, articleId) => {
        const buyer = await createUser('acheteur');
        const achat = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId, modeLivraison: 'consommation' });
        expect(await onAchatPaid(achat.body.data.id, `pay-achat-${articleId}`)).toBeUndefined();
      },
    ],
    [
      'edited under pre-moderation',
      async (seller, articleId) => {
        useSettings({ ARTICLE_MODERATION: 'pre' });
        return (await api()).patch(`/api/articles/${articleId}`).set(bearer(seller.token)).send({ prix: 3_900_000 });
      },
    ],
  ];

  it.each(offline)('ends its running boosts and clears its flags when %s', async (_how, takeOffline) => {
    const move = frozenClock(new Date('2026-11-22T08:00:00Z'));
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const boosts = [await runningBoost(seller, listing.id, 'a_la_une'), await runningBoost(seller, listing.id, 'sponsorise')];
    expect((await publicBoosts()).map((p) => p.id)).toEqual(expect.arrayContaining(boosts));
    move(60 * 60 * 1000);
    await takeOffline(seller, listing.id);
    // Ended at once, the window closed when its listing left.
    for (const id of boosts) expect((await (await api()).get(`/api/publicites/${id}`).set(bearer(seller.token))).body.data).toMatchObject({ statut: 'expiree', dateFin: '2026-11-22T09:00:00.000Z' });
    expect((await publicBoosts()).filter((p) => p.articleId === listing.id)).toEqual([]);
    const stored = await article(listing.id);
    if (stored) expect(stored).toMatchObject({ aLaUne: false, sponsorise: false });
    for (const list of ['a-la-une', 'sponsorises']) {
      expect(((await (await api()).get(`/api/public/articles/${list}?limit=100`)).body.data as Array<{ id: string }>).map((a) => a.id)).not.toContain(listing.id);
    }
    // Ended is ended: the hourly job leaves them as they are.
    const ended = await Promise.all(boosts.map(pubDoc));
    move(40 * 24 * 60 * 60 * 1000);
    await expireEnded();
    expect(await Promise.all(boosts.map(pubDoc))).toEqual(ended);
  });

  it('stays ended when the listing is approved again, and only the seller’s other listings keep theirs', async () => {
    useSettings({ ARTICLE_MODERATION: 'pre' });
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const other = await publish(seller);
    for (const id of [listing.id, other.id]) await (await api()).post(`/api/articles/${id}/approve`).set(bearer(admin.token));
    const boost = await runningBoost(seller, listing.id, 'a_la_une');
    const kept = await runningBoost(seller, other.id, 'a_la_une');
    await (await api()).patch(`/api/articles/${listing.id}`).set(bearer(seller.token)).send({ titre: 'Toyota Corolla 2012, moteur refait' });
    await (await api()).post(`/api/articles/${listing.id}/approve`).set(bearer(admin.token));
    expect(await article(listing.id)).toMatchObject({ statut: 'en_ligne', aLaUne: false });
    expect((await pubDoc(boost))?.statut).toBe('expiree');
    expect((await pubDoc(kept))?.statut).toBe('active');
    expect(await article(other.id)).toMatchObject({ aLaUne: true });
    expect((await publicBoosts()).map((p) => p.id)).toContain(kept);
  });

  it('never lists a running boost whose listing is not online, even one left running by older code', async () => {
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const boost = await runningBoost(seller, listing.id, 'sponsorise');
    // What a take-down wrote before boosts were ended with their listing: the listing alone changed.
    await db().collection(COLLECTIONS.articles).doc(listing.id).update({ statut: 'rejete', sponsorise: false });
    expect((await pubDoc(boost))?.statut).toBe('active');
    expect((await publicBoosts()).map((p) => p.id)).not.toContain(boost);
  });

  it('never leaves a boost running on a withdrawn listing when activation and withdrawal race', async () => {
    for (let round = 0; round < 3; round += 1) {
      const seller = await createUser('vendeur');
      const listing = await publish(seller);
      const id = (await ask(seller, listing.id, 'a_la_une', 7)).body.data.id as string;
      await markPaid(id, `pay-race-${id}`);
      const [activated, withdrawn] = await Promise.all([
        (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token)),
        (await api()).post(`/api/articles/${listing.id}/withdraw`).set(bearer(seller.token)),
      ]);
      expect(withdrawn.status).toBe(200);
      expect([200, 409]).toContain(activated.status);
      expect(await article(listing.id)).toMatchObject({ statut: 'retire', aLaUne: false });
      expect((await pubDoc(id))?.statut).toBe(activated.status === 200 ? 'expiree' : 'payee');
    }
  });

  it('refuses to start a paid boost of a listing that left public view', async () => {
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const id = (await ask(seller, listing.id, 'sponsorise', 7)).body.data.id as string;
    await markPaid(id, `pay-late-${id}`);
    await (await api()).post(`/api/articles/${listing.id}/reject`).set(bearer(admin.token)).send({ motif: 'Prix fantaisiste' });
    const res = await (await api()).patch(`/api/publicites/${id}/activate`).set(bearer(admin.token));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ARTICLE_NOT_ONLINE');
    expect(await pubDoc(id)).toMatchObject({ statut: 'payee' });
  });
});
