/**
 * The catalog's machines (issue 35): their tables walked pair by pair, and a move through the
 * service seen in the database: the status, its history entry, and for a listing its event.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { statusEventKey } from '../../functions/src/core/fsm';
import { markPaid } from '../../functions/src/domains/catalog/publicites/service';
import { REFUND_EVENTS, REFUND_STATUSES, REFUND_TRANSITIONS } from '../../functions/src/domains/catalog/publicites/state';
import { ARTICLE_STATUSES, ARTICLE_TRANSITIONS, DELETED, LISTING_LIFE } from '../../functions/src/domains/catalog/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { eventOf } from '../helpers/events';
import { restoreSettings, useSettings } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});
afterEach(() => restoreSettings());

const stored = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data()!;

describe('tables', () => {
  it("keeps the listings' table (walked in catalog-state.test.ts) and adds a deletion's `supprime`, which nothing leads to or from", () => {
    const { [DELETED]: deleted, ...moves } = LISTING_LIFE;
    expect({ deleted, moves }).toEqual({ deleted: {}, moves: ARTICLE_TRANSITIONS });
    for (const status of ARTICLE_STATUSES) expect(Object.values(LISTING_LIFE[status])).not.toContain(DELETED);
  });

  it("walks a boost's refund mark: one status, which nothing moves", () => {
    walk(REFUND_TRANSITIONS, REFUND_STATUSES, REFUND_EVENTS, {});
    expect(Object.keys(REFUND_TRANSITIONS)).toEqual(['a_rembourser']);
  });
});

describe('a listing', () => {
  it('is created with its first history entry and moved by moderation with the next, each with its event; the answers hold no history', async () => {
    useSettings({ ARTICLE_MODERATION: 'pre' });
    const seller = await createUser('vendeur');
    const created = await publish(seller);
    expect(created).not.toHaveProperty('history');
    const approved = await (await api()).post(`/api/articles/${created.id}/approve`).set(bearer(admin.token));
    expect(approved.status).toBe(200);
    expect(approved.body.data).not.toHaveProperty('history');

    const listing = await stored(COLLECTIONS.articles, created.id);
    expect(listing).toMatchObject({ statut: 'en_ligne', statutVente: 'disponible' });
    expect(listing.history.map((entry: { statut: string; by: string; reason: string | null }) => ({ statut: entry.statut, by: entry.by, reason: entry.reason }))).toEqual([
      { statut: 'en_attente', by: seller.uid, reason: null },
      { statut: 'en_ligne', by: 'system', reason: null },
    ]);
    const [opened, moved] = listing.history.map((entry: { at: { toDate(): Date } }) => entry.at.toDate());
    expect(await eventOf(`article.status_changed_${statusEventKey(created.id, 'en_attente', opened)}`)).toMatchObject({
      type: 'article.status_changed',
      payload: { articleId: created.id, type: 'voiture', from: null, to: 'en_attente', at: opened.toISOString() },
    });
    expect(await eventOf(`article.status_changed_${statusEventKey(created.id, 'en_ligne', moved)}`)).toMatchObject({ payload: { articleId: created.id, from: 'en_attente', to: 'en_ligne' } });
  });

  it("says its deletion with `to` null under the key naming `supprime`, and a rejection's reason is in its history", async () => {
    const seller = await createUser('vendeur');
    const created = await publish(seller);
    await (await api()).post(`/api/articles/${created.id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos floues' });
    expect((await stored(COLLECTIONS.articles, created.id)).history.at(-1)).toMatchObject({ statut: 'rejete', reason: 'Photos floues' });

    const deleted = await (await api()).delete(`/api/articles/${created.id}`).set(bearer(seller.token));
    expect(deleted.status).toBe(200);
    const said = await db().collection(COLLECTIONS.events).where('payload.articleId', '==', created.id).where('payload.to', '==', null).get();
    expect(said.docs.map((doc) => ({ id: doc.id.replace(/_\d+$/, ''), from: doc.get('payload.from') }))).toEqual([{ id: `article.status_changed_${created.id}_supprime`, from: 'rejete' }]);
  });
});

describe('a boost', () => {
  it('keeps its moves in its history, and a rejected paid one its refund mark without one', async () => {
    const seller = await createUser('vendeur');
    const listing = await publish(seller);
    const id = (await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data.id;
    await markPaid(id, 'pay-machine');
    const rejected = await (await api()).patch(`/api/publicites/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Contenu interdit' });
    expect(rejected.body.data).not.toHaveProperty('history');

    const boost = await stored(COLLECTIONS.publicites, id);
    expect(boost).toMatchObject({ statut: 'rejetee', paymentId: 'pay-machine', remboursement: { montant: 7_000, statut: 'a_rembourser' } });
    expect(Object.keys(boost.remboursement).sort()).toEqual(['montant', 'statut']);
    expect(boost.history.map((entry: { statut: string; by: string; reason: string | null }) => ({ statut: entry.statut, by: entry.by, reason: entry.reason }))).toEqual([
      { statut: 'en_attente', by: seller.uid, reason: null },
      { statut: 'payee', by: 'system', reason: null },
      { statut: 'rejetee', by: admin.uid, reason: 'Contenu interdit' },
    ]);
  });
});
