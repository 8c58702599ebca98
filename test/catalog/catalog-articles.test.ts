/** /api/articles: sellers' listings, moderation, visibility, search. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { carInput, publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettings, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
afterEach(restoreSettings);

const stored = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data();

describe('publishing', () => {
  it('puts a listing online at once with post-moderation, owned by the caller', async () => {
    const seller = await createUser('vendeur', { nom: 'Agbo', prenoms: 'Rachida' });
    const res = await (await api()).post('/api/articles').set(bearer(seller.token)).send(carInput());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      titre: 'Toyota Corolla 2012 propre',
      vendeur: seller.uid,
      vendeurNom: 'Rachida Agbo',
      statut: 'en_ligne',
      aLaUne: false,
      sponsorise: false,
      views: 0,
      statutVente: 'disponible',
      photos: [],
      publishedAt: expect.any(String),
    });
    expect(await stored(res.body.data.id)).toMatchObject({ marqueKey: 'toyota', villeKey: 'cotonou', statut: 'en_ligne' });
  });

  it('waits for an admin with pre-moderation, and only the seller and admins see it meanwhile', async () => {
    useSettings({ ARTICLE_MODERATION: 'pre' });
    const seller = await createUser('vendeur');
    const buyer = await createUser('acheteur');
    const admin = await createUser('admin');
    const article = await publish(seller);
    expect(article.statut).toBe('en_attente');
    const client = await api();
    expect((await client.get(`/api/articles/${article.id}`).set(bearer(buyer.token))).status).toBe(404);
    expect((await client.get(`/api/public/articles/${article.id}`)).status).toBe(404);
    expect((await client.get(`/api/articles/${article.id}`).set(bearer(seller.token))).status).toBe(200);
    const approved = await client.post(`/api/articles/${article.id}/approve`).set(bearer(admin.token));
    expect(approved.body.data).toMatchObject({ statut: 'en_ligne', publishedAt: expect.any(String) });
    expect((await client.get(`/api/articles/${article.id}`).set(bearer(buyer.token))).status).toBe(200);
  });

  it.each([
    ['a server-owned field', { statut: 'en_ligne' }],
    ['another owner', { vendeur: 'someone' }],
    ['a view count', { views: 1000 }],
    ['a front-page flag', { aLaUne: true }],
    ['a negative price', { prix: -5 }],
    ['a price in decimals', { prix: 10.5 }],
    ['an unknown type', { type: 'avion' }],
    ['a missing city', { ville: undefined }],
    ['a bad photo URL', { photos: ['not a url'] }],
  ])('refuses %s with VALIDATION_ERROR and writes nothing', async (_name, overrides) => {
    const seller = await createUser('vendeur');
    const res = await (await api()).post('/api/articles').set(bearer(seller.token)).send(carInput(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect((await db().collection(COLLECTIONS.articles).where('vendeur', '==', seller.uid).get()).size).toBe(0);
  });

  it('refuses a stock on anything but a part, and buyers altogether', async () => {
    const seller = await createUser('vendeur');
    const stock = await (await api()).post('/api/articles').set(bearer(seller.token)).send(carInput({ stock: 3 }));
    expect(stock.status).toBe(400);
    expect(stock.body.code).toBe('STOCK_ONLY_FOR_PARTS');
    const buyer = await createUser('acheteur');
    const res = await (await api()).post('/api/articles').set(bearer(buyer.token)).send(carInput());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN_ROLE');
  });
});

describe('changing a listing', () => {
  it('lets its seller edit it and set a part’s stock; another seller gets NOT_OWNER and changes nothing', async () => {
    const seller = await createUser('vendeur');
    const other = await createUser('vendeur');
    const part = await publish(seller, { type: 'piece', titre: 'Alternateur Corolla', stock: 4, annee: undefined });
    const client = await api();
    const edited = await client.patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ prix: 85_000, ville: 'Porto-Novo' });
    expect(edited.body.data).toMatchObject({ prix: 85_000, ville: 'Porto-Novo' });
    expect(await stored(part.id)).toMatchObject({ villeKey: 'porto-novo' });
    expect((await client.patch(`/api/articles/${part.id}/stock`).set(bearer(seller.token)).send({ stock: 2 })).body.data.stock).toBe(2);

    const before = await stored(part.id);
    for (const call of [
      client.patch(`/api/articles/${part.id}`).set(bearer(other.token)).send({ prix: 1 }),
      client.patch(`/api/articles/${part.id}/stock`).set(bearer(other.token)).send({ stock: 0 }),
      client.post(`/api/articles/${part.id}/withdraw`).set(bearer(other.token)),
      client.delete(`/api/articles/${part.id}`).set(bearer(other.token)),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NOT_OWNER');
    }
    expect(await stored(part.id)).toEqual(before);
  });

  it('refuses server-owned fields and a type change in an edit', async () => {
    const seller = await createUser('vendeur');
    const article = await publish(seller);
    for (const patch of [{ statut: 'vendu' }, { type: 'moto' }, {}, { views: 3 }]) {
      const res = await (await api()).patch(`/api/articles/${article.id}`).set(bearer(seller.token)).send(patch);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('sends a rejected listing back to moderation when its seller edits it', async () => {
    const seller = await createUser('vendeur');
    const admin = await createUser('admin');
    const article = await publish(seller);
    const client = await api();
    const down = await client.post(`/api/articles/${article.id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos trompeuses' });
    expect(down.body.data).toMatchObject({ statut: 'rejete', motifRejet: 'Photos trompeuses' });
    const told = (await client.get('/api/notifications').set(bearer(seller.token))).body.data;
    expect(told.find((n: { type: string }) => n.type === 'article_rejected')).toMatchObject({
      body: expect.stringContaining('Motif : Photos trompeuses'),
      resource: { kind: 'article', id: article.id },
    });
    const edited = await client.patch(`/api/articles/${article.id}`).set(bearer(seller.token)).send({ titre: 'Toyota Corolla 2012, vraies photos' });
    expect(edited.body.data).toMatchObject({ statut: 'en_attente', motifRejet: null });
  });

  describe('under pre-moderation, an edit of an approved listing', () => {
    const client = () => api();
    const publicIds = async () => ((await (await client()).get('/api/public/articles?limit=100')).body.data as Array<{ id: string }>).map((a) => a.id);
    async function approvedPart(seller: Awaited<ReturnType<typeof createUser>>, admin: Awaited<ReturnType<typeof createUser>>) {
      useSettings({ ARTICLE_MODERATION: 'pre' });
      const part = await publish(seller, { type: 'piece', titre: 'Démarreur Corolla', stock: 5, annee: undefined });
      await (await client()).post(`/api/articles/${part.id}/approve`).set(bearer(admin.token));
      return part;
    }

    it('sends it back to moderation and out of public view until approved again', async () => {
      const seller = await createUser('vendeur');
      const admin = await createUser('admin');
      const buyer = await createUser('acheteur');
      const part = await approvedPart(seller, admin);
      expect(await publicIds()).toContain(part.id);
      const edited = await (await client()).patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ photos: ['https://example.com/autre.jpg'] });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ statut: 'en_attente', photos: ['https://example.com/autre.jpg'] });
      expect(await stored(part.id)).toMatchObject({ statut: 'en_attente' });
      expect(await publicIds()).not.toContain(part.id);
      expect((await (await client()).get(`/api/public/articles/${part.id}`)).status).toBe(404);
      expect((await (await client()).get(`/api/articles/${part.id}`).set(bearer(buyer.token))).status).toBe(404);
      expect((await (await client()).get(`/api/articles/${part.id}`).set(bearer(seller.token))).body.data.statut).toBe('en_attente');
      const approved = await (await client()).post(`/api/articles/${part.id}/approve`).set(bearer(admin.token));
      expect(approved.body.data).toMatchObject({ statut: 'en_ligne', photos: ['https://example.com/autre.jpg'] });
      expect(await publicIds()).toContain(part.id);
    });

    it('keeps it online when only the stock changes, or when nothing a buyer sees changes', async () => {
      const seller = await createUser('vendeur');
      const admin = await createUser('admin');
      const part = await approvedPart(seller, admin);
      expect((await (await client()).patch(`/api/articles/${part.id}/stock`).set(bearer(seller.token)).send({ stock: 1 })).body.data).toMatchObject({ stock: 1, statut: 'en_ligne' });
      expect((await (await client()).patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ stock: 0 })).body.data).toMatchObject({ stock: 0, statut: 'en_ligne' });
      const same = await (await client()).patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ titre: 'Démarreur Corolla', prix: part.prix });
      expect(same.body.data.statut).toBe('en_ligne');
      expect(await publicIds()).toContain(part.id);
    });

    it('keeps it online when an admin edits it (the moderator’s own edit), and refuses another seller without a change', async () => {
      const seller = await createUser('vendeur');
      const other = await createUser('vendeur');
      const admin = await createUser('admin');
      const part = await approvedPart(seller, admin);
      expect((await (await client()).patch(`/api/articles/${part.id}`).set(bearer(admin.token)).send({ titre: 'Démarreur Corolla 1.6' })).body.data.statut).toBe('en_ligne');
      const before = await stored(part.id);
      const refused = await (await client()).patch(`/api/articles/${part.id}`).set(bearer(other.token)).send({ prix: 1 });
      expect(refused.body.code).toBe('NOT_OWNER');
      expect(await stored(part.id)).toEqual(before);
    });

    it('ends in moderation, with both edits kept, when two edits arrive at once', async () => {
      const seller = await createUser('vendeur');
      const admin = await createUser('admin');
      const part = await approvedPart(seller, admin);
      const edits = await Promise.all([
        (await client()).patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ prix: 70_000 }),
        (await client()).patch(`/api/articles/${part.id}`).set(bearer(seller.token)).send({ ville: 'Parakou' }),
      ]);
      expect(edits.map((res) => res.status)).toEqual([200, 200]);
      expect(await stored(part.id)).toMatchObject({ statut: 'en_attente', prix: 70_000, villeKey: 'parakou' });
    });
  });

  it('keeps an edited listing online under post-moderation', async () => {
    const seller = await createUser('vendeur');
    const article = await publish(seller);
    const edited = await (await api()).patch(`/api/articles/${article.id}`).set(bearer(seller.token)).send({ titre: 'Toyota Corolla 2012, climatisée' });
    expect(edited.body.data).toMatchObject({ statut: 'en_ligne', titre: 'Toyota Corolla 2012, climatisée' });
  });

  it('withdraws for good, and answers INVALID_TRANSITION to what the table forbids', async () => {
    const seller = await createUser('vendeur');
    const admin = await createUser('admin');
    const article = await publish(seller);
    const client = await api();
    expect((await client.post(`/api/articles/${article.id}/withdraw`).set(bearer(seller.token))).body.data.statut).toBe('retire');
    for (const call of [
      client.post(`/api/articles/${article.id}/withdraw`).set(bearer(seller.token)),
      client.post(`/api/articles/${article.id}/approve`).set(bearer(admin.token)),
      client.patch(`/api/articles/${article.id}`).set(bearer(seller.token)).send({ prix: 1000 }),
    ]) {
      const res = await call;
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
    }
    expect((await stored(article.id))?.statut).toBe('retire');
  });

  it('deletes an unsold listing; only admins moderate', async () => {
    const seller = await createUser('vendeur');
    const article = await publish(seller);
    const client = await api();
    const notAdmin = await client.post(`/api/articles/${article.id}/reject`).set(bearer(seller.token)).send({ motif: 'je veux' });
    expect(notAdmin.body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.delete(`/api/articles/${article.id}`).set(bearer(seller.token))).body.data).toEqual({ deleted: true });
    expect(await stored(article.id)).toBeUndefined();
    expect((await client.delete(`/api/articles/${article.id}`).set(bearer(seller.token))).body.code).toBe('ARTICLE_NOT_FOUND');
  });
});

describe('search', () => {
  it('filters, sorts and pages online listings only', async () => {
    const seller = await createUser('vendeur');
    const other = await createUser('vendeur');
    const admin = await createUser('admin');
    const city = `Ville${Date.now()}`;
    const a = await publish(seller, { ville: city, prix: 3_000_000, annee: 2010, marque: 'Honda', modele: 'Civic' });
    const b = await publish(seller, { ville: city, prix: 5_000_000, annee: 2015, marque: 'honda', modele: 'CR-V', boiteVitesse: 'manuelle' });
    const c = await publish(other, { ville: city, prix: 4_000_000, annee: 2018, carburant: 'diesel' });
    const hidden = await publish(other, { ville: city, prix: 1_000_000 });
    await (await api()).post(`/api/articles/${hidden.id}/reject`).set(bearer(admin.token)).send({ motif: 'Doublon' });
    const client = await api();
    const ids = async (query: string) => {
      const res = await client.get(`/api/public/articles?ville=${encodeURIComponent(city)}&${query}`);
      expect(res.status).toBe(200);
      return res.body.data.map((article: { id: string }) => article.id);
    };
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sort=price_asc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sort=price_desc')).toEqual([b.id, c.id, a.id]);
    expect(await ids('marque=HONDA')).toEqual([b.id, a.id]);
    expect(await ids('marque=honda&modele=civic')).toEqual([a.id]);
    expect(await ids('prixMin=3500000&prixMax=5000000')).toEqual([c.id, b.id]);
    expect(await ids('anneeMin=2012')).toEqual([c.id, b.id]);
    expect(await ids('carburant=diesel')).toEqual([c.id]);
    expect(await ids('boiteVitesse=manuelle')).toEqual([b.id]);
    expect(await ids(`vendeur=${seller.uid}`)).toEqual([b.id, a.id]);
    const page = await client.get(`/api/articles?ville=${encodeURIComponent(city)}&limit=2&page=2`).set(bearer(other.token));
    expect(page.body.data.map((article: { id: string }) => article.id)).toEqual([a.id]);
    expect(page.body.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });

    const mine = await client.get('/api/articles/mine').set(bearer(other.token));
    expect(mine.body.data.map((article: { id: string; statut: string }) => [article.id, article.statut])).toEqual([
      [hidden.id, 'rejete'],
      [c.id, 'en_ligne'],
    ]);
    const rejected = await client.get('/api/articles/mine?statut=rejete').set(bearer(other.token));
    expect(rejected.body.data.map((article: { id: string }) => article.id)).toEqual([hidden.id]);
  });

  it.each(['limit=101', 'limit=0', 'prixMin=10&anneeMin=2000', 'prixMin=9&prixMax=1', 'sort=cheapest', 'type=avion', 'couleur=rouge'])(
    'refuses %s with VALIDATION_ERROR',
    async (query) => {
      const res = await (await api()).get(`/api/public/articles?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    },
  );
});
