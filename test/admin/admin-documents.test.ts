/**
 * Admin documents: the register of private files kept for someone (forwarders' identity cards,
 * invoices' PDFs; verification reports the same way), listed by admin levels with filters and
 * pages, read through short-lived signed links, deleted in bulk by a superAdmin only, the owning
 * records marked deleted by their domains.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStorage } from '../../functions/src/adapters/storage/local';
import { fileStorage } from '../../functions/src/adapters/storage/storage';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { registerDocument } from '../../functions/src/core/stored-documents';
import { runTransaction } from '../../functions/src/core/firebase';
import { EQUALITY_FILTERS, planDocumentList, type DocumentListFilters } from '../../functions/src/domains/admin/documents/listing';
import { cleanUploads } from '../../functions/src/domains/catalog/uploads/cleanup';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer, bytes } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { subscriberState } from '../helpers/events';
import { frozenClock, resetClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { CARD_JPEG, uploadCard } from '../helpers/transit';

let admin: TestUser;
let superAdmin: TestUser;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, superAdmin, seller, buyer] = await Promise.all([createUser('admin'), createUser('superAdmin'), createUser('vendeur'), createUser('acheteur')]);
});
restoreSettingsAndClockAfterEach();

interface Listed {
  id: string;
  kind: string;
  owner: string;
  readers: string[];
  label: string;
  contentType: string;
  size: number;
  record: { collection: string; id: string };
  createdAt: string;
  deletedAt: string | null;
  deletedBy: string | null;
}

/** A forwarder that submitted its verification file through the routes: its two cards are registered. */
async function submittedForwarder() {
  const forwarder = await createUser('transitaire');
  const file = { cardFront: await uploadCard(forwarder), cardBack: await uploadCard(forwarder), companyName: 'Lagune Transit', registrationRef: 'RB/COT/25 B 7', pays: 'BJ', adresse: 'Cotonou' };
  const res = await (await api()).post('/api/transitaires/verification/submit').set(bearer(forwarder.token)).send(file);
  expect(res.status).toBe(200);
  return { forwarder, file };
}

/** An order of the buyer, paid: its invoice is issued and its PDF stored (the `order.paid` subscriber, inline in tests). */
async function paidInvoice(payer: TestUser = buyer): Promise<string> {
  const part = await publish(seller, { type: 'piece', titre: 'Filtre à huile', prix: 4_000, stock: 5, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
  const created = await (await api()).post('/api/orders').set(bearer(payer.token)).send({ items: [{ articleId: part.id, quantite: 1 }], livraison: false });
  expect(created.status).toBe(201);
  const orderId = created.body.data.id as string;
  await onOrderPaid(orderId, `pay-${orderId}`);
  return `commande_${orderId}`;
}

async function list(query: Record<string, string | number>, user: TestUser = admin) {
  const res = await (await api()).get('/api/admin/documents').query(query).set(bearer(user.token));
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 200, code: undefined });
  return res.body as { data: Listed[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } };
}

async function download(id: string, user: TestUser = admin) {
  return (await api()).get(`/api/admin/documents/${encodeURIComponent(id)}/download`).set(bearer(user.token));
}

async function bulkDelete(ids: string[], user: TestUser = superAdmin) {
  return (await api()).post('/api/admin/documents/delete').set(bearer(user.token)).send({ ids });
}

const cardId = (uid: string, path: string) => `identite_transitaire_${uid}_${path.split('/').pop()!.replace(/\.[a-z]+$/, '')}`;

describe('the register', () => {
  it('holds a forwarder’s two cards once its file is submitted, owned by the forwarder, pointing at its verification file', async () => {
    const { forwarder, file } = await submittedForwarder();
    const { data } = await list({ owner: forwarder.uid });
    expect(data.map((entry) => entry.id).sort()).toEqual([cardId(forwarder.uid, file.cardFront), cardId(forwarder.uid, file.cardBack)].sort());
    for (const entry of data) {
      expect(entry).toMatchObject({
        kind: 'identite_transitaire',
        owner: forwarder.uid,
        readers: [],
        contentType: 'image/jpeg',
        size: CARD_JPEG.length,
        record: { collection: COLLECTIONS.transitaireVerifications, id: forwarder.uid },
        deletedAt: null,
        deletedBy: null,
      });
    }
    expect(data.map((entry) => entry.label).sort()).toEqual(['Carte d’identité (recto)', 'Carte d’identité (verso)']);
  });

  it('keeps the cards of a file submitted before when the forwarder submits new ones, and the upload clean-up keeps them too', async () => {
    const move = frozenClock();
    const { forwarder, file } = await submittedForwarder();
    const client = await api();
    expect((await client.patch(`/api/transitaires/verification/admin/demandes/${forwarder.uid}/reject`).set(bearer(admin.token)).send({ rejectionMotif: 'Carte illisible' })).status).toBe(200);
    const again = { ...file, cardFront: await uploadCard(forwarder), cardBack: await uploadCard(forwarder) };
    expect((await client.post('/api/transitaires/verification/submit').set(bearer(forwarder.token)).send(again)).status).toBe(200);
    const paths = [file.cardFront, file.cardBack, again.cardFront, again.cardBack];
    expect((await list({ owner: forwarder.uid })).data.map((entry) => entry.id).sort()).toEqual(paths.map((path) => cardId(forwarder.uid, path)).sort());
    // Long after the clean-up's grace period: every registered card is still stored.
    move(40 * 24 * 60 * 60 * 1000);
    await cleanUploads();
    for (const path of paths) expect({ path, stored: await (await fileStorage()).exists(path) }).toEqual({ path, stored: true });
    // An old card deleted by a superAdmin: gone, and the current file is not marked.
    expect((await bulkDelete([cardId(forwarder.uid, file.cardFront)])).body.data.results[0].outcome).toBe('deleted');
    expect(await (await fileStorage()).exists(file.cardFront)).toBe(false);
    const view = await client.get(`/api/transitaires/verification/admin/demandes/${forwarder.uid}`).set(bearer(admin.token));
    expect(view.body.data.cardLinks).toMatchObject({ deleted: [], cardFront: expect.any(String), cardBack: expect.any(String) });
  });

  // Catalog's clean-up asks no other domain (lint: boundaries/domain-layers): transit marks the
  // cards in the uploads ledger when a file holds them, and takes the mark off a deleted one.
  it('marks a submitted file’s cards kept in the uploads ledger; a card a superAdmin deleted loses the mark, and the clean-up drops its record', async () => {
    const move = frozenClock();
    const { forwarder, file } = await submittedForwarder();
    const upload = async (path: string) => (await db().collection(COLLECTIONS.uploads).doc(createHash('sha256').update(path).digest('hex')).get()).data();
    for (const path of [file.cardFront, file.cardBack]) expect({ path, keptBy: (await upload(path))?.keptBy }).toEqual({ path, keptBy: 'identityCard' });

    expect((await bulkDelete([cardId(forwarder.uid, file.cardFront)])).body.data.results[0].outcome).toBe('deleted');
    expect((await upload(file.cardFront))?.keptBy).toBeUndefined();
    move(40 * 24 * 60 * 60 * 1000);
    await cleanUploads();
    expect(await upload(file.cardFront)).toBeUndefined();
    expect(await upload(file.cardBack)).toMatchObject({ keptBy: 'identityCard' });
    expect(await (await fileStorage()).exists(file.cardBack)).toBe(true);
  });

  it('holds an invoice’s PDF once it is issued, owned by the buyer and read by no seller (each downloads its own part); its route serves the buyer the stored file', async () => {
    const invoiceId = await paidInvoice();
    const { data } = await list({ kind: 'facture', owner: buyer.uid });
    const entry = data.find((item) => item.id === `facture_${invoiceId}`)!;
    const invoice = (await db().collection(COLLECTIONS.invoices).doc(invoiceId).get()).data()!;
    expect(entry).toMatchObject({ kind: 'facture', owner: buyer.uid, readers: [], contentType: 'application/pdf', record: { collection: COLLECTIONS.invoices, id: invoiceId }, label: `Facture ${invoice.numero}` });
    const stored = await (await fileStorage()).read(`factures/${invoiceId}.pdf`);
    expect(stored?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(entry.size).toBe(stored!.data.length);
    // The buyer's route answers the stored bytes (a seller's, its own part: test/seams/party-views.test.ts).
    const pdf = await (await api()).get(`/api/invoices/${invoiceId}/pdf`).set(bearer(buyer.token)).buffer(true).parse(bytes);
    expect(pdf.status).toBe(200);
    expect(Buffer.compare(pdf.body as Buffer, stored!.data)).toBe(0);
  });

  it('stores the PDF of an invoice issued before PDFs were stored at its first download, once', async () => {
    const invoiceId = await paidInvoice();
    // As an invoice issued before: no PDF recorded, no entry, no file.
    await db().collection(COLLECTIONS.invoices).doc(invoiceId).update({ pdf: null });
    await db().collection(COLLECTIONS.storedDocuments).doc(`facture_${invoiceId}`).delete();
    await (await fileStorage()).delete(`factures/${invoiceId}.pdf`);
    const client = await api();
    const [first, second] = await Promise.all([0, 1].map(() => client.get(`/api/invoices/${invoiceId}/pdf`).set(bearer(buyer.token)).buffer(true).parse(bytes)));
    expect([first.status, second.status]).toEqual([200, 200]);
    const entry = (await db().collection(COLLECTIONS.storedDocuments).doc(`facture_${invoiceId}`).get()).data();
    expect(entry).toMatchObject({ kind: 'facture', owner: buyer.uid, path: `factures/${invoiceId}.pdf`, deleted: false });
    expect(await (await fileStorage()).exists(`factures/${invoiceId}.pdf`)).toBe(true);
  });
});

describe('the list', () => {
  it('filters by kind, owner, registration date and deletion, newest first, in pages', async () => {
    // Two files submitted in a past hour each (nothing else of the register is that old), then an invoice now.
    const move = frozenClock(new Date('2021-03-01T10:00:00Z'));
    const first = await submittedForwarder();
    move(60 * 60_000);
    const second = await submittedForwarder();
    resetClock();
    const payer = await createUser('acheteur');
    const invoiceId = await paidInvoice(payer);
    const day = { from: '2021-03-01T00:00:00Z', to: '2021-03-02T00:00:00Z' };
    const all = await list(day);
    expect(all.data.map((entry) => entry.owner)).toEqual([second.forwarder.uid, second.forwarder.uid, first.forwarder.uid, first.forwarder.uid]);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 4, hasMore: false });

    // Pages of three.
    const page2 = await list({ ...day, limit: 3, page: 2 });
    expect(page2.data.map((entry) => entry.owner)).toEqual([first.forwarder.uid]);
    expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 4, hasMore: false });
    expect((await list({ ...day, limit: 3 })).pagination.hasMore).toBe(true);

    // The range: `from` inclusive, `to` exclusive.
    expect((await list({ from: '2021-03-01T11:00:00Z', to: '2021-03-01T12:00:00Z' })).data.map((entry) => entry.owner)).toEqual([second.forwarder.uid, second.forwarder.uid]);
    expect((await list({ from: '2021-03-01T10:00:00Z', to: '2021-03-01T11:00:00Z' })).data.map((entry) => entry.owner)).toEqual([first.forwarder.uid, first.forwarder.uid]);
    expect((await list({ owner: payer.uid, from: '2021-03-02T00:00:00Z' })).data.map((entry) => entry.id)).toEqual([`facture_${invoiceId}`]);
    expect((await list({ owner: payer.uid, to: '2021-03-02T00:00:00Z' })).data).toEqual([]);

    // Kind, kind + range, owner + kind.
    expect((await list({ kind: 'facture', owner: payer.uid })).data.map((entry) => entry.id)).toEqual([`facture_${invoiceId}`]);
    expect((await list({ kind: 'identite_transitaire', ...day })).pagination.total).toBe(4);
    expect((await list({ kind: 'facture', ...day })).data).toEqual([]);
    expect((await list({ kind: 'rapport_verification', ...day })).data).toEqual([]);
    expect((await list({ kind: 'facture', owner: first.forwarder.uid })).data).toEqual([]);

    // Deleted or not.
    const deleted = await bulkDelete([cardId(first.forwarder.uid, first.file.cardFront)]);
    expect(deleted.body.data.results).toEqual([{ id: cardId(first.forwarder.uid, first.file.cardFront), outcome: 'deleted' }]);
    const gone = await list({ deleted: 'true', owner: first.forwarder.uid });
    expect(gone.data.map((entry) => [entry.id, entry.deletedBy, typeof entry.deletedAt])).toEqual([[cardId(first.forwarder.uid, first.file.cardFront), superAdmin.uid, 'string']]);
    expect((await list({ deleted: 'false', owner: first.forwarder.uid })).data.map((entry) => entry.id)).toEqual([cardId(first.forwarder.uid, first.file.cardBack)]);
    expect((await list({ deleted: 'true', kind: 'identite_transitaire', owner: first.forwarder.uid, ...day })).pagination.total).toBe(1);
    expect((await list({ deleted: 'false', ...day })).pagination.total).toBe(3);
    expect((await list({ deleted: 'true', kind: 'identite_transitaire', ...day })).pagination.total).toBe(1);
  });

  it('is open to every admin level, and refuses bad filters', async () => {
    for (const role of ['gestionnaire', 'principal', 'superAdmin'] as const) await list({ limit: 1 }, await createUser(role));
    const client = await api();
    for (const query of [{ kind: 'passport' }, { deleted: 'yes' }, { from: 'yesterday' }, { from: '2031-03-02T00:00:00Z', to: '2031-03-01T00:00:00Z' }, { owner: 'a/b' }, { limit: 101 }, { unknown: 'x' }]) {
      const res = await client.get('/api/admin/documents').query(query).set(bearer(admin.token));
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
    const deep = await client.get('/api/admin/documents').query({ page: 10_000, limit: 100 }).set(bearer(admin.token));
    expect(deep.body.code).toBe('PAGE_TOO_DEEP');
  });

  it('has a composite index for every combination of filters the code can issue', () => {
    const indexes: Array<{ collectionGroup: string; fields: Array<{ fieldPath: string; order?: string }> }> = JSON.parse(readFileSync(join(__dirname, '..', '..', 'firestore.indexes.json'), 'utf8')).indexes;
    const values: Required<Pick<DocumentListFilters, 'kind' | 'owner' | 'deleted'>> = { kind: 'facture', owner: 'u', deleted: true };
    const missing: string[] = [];
    let issued = 0;
    for (let mask = 0; mask < 2 ** EQUALITY_FILTERS.length; mask += 1) {
      for (const range of [{}, { from: new Date(0) }, { to: new Date(0) }, { from: new Date(0), to: new Date(1) }]) {
        const filters: DocumentListFilters = { ...range };
        EQUALITY_FILTERS.forEach((field, bit) => {
          if (mask & (2 ** bit)) (filters as Record<string, unknown>)[field] = values[field];
        });
        const plan = planDocumentList(filters);
        issued += 1;
        expect(plan.order).toEqual({ field: 'createdAt', direction: 'desc' });
        // Equalities and a range on the order's own field: Firestore merges the (field, createdAt desc)
        // indexes, one per equality; none needed without equality (the automatic createdAt index).
        for (const [field] of plan.equalities) {
          const match = indexes.some(
            (index) =>
              index.collectionGroup === COLLECTIONS.storedDocuments &&
              index.fields.length === 2 &&
              index.fields[0].fieldPath === field &&
              index.fields[0].order === 'ASCENDING' &&
              index.fields[1].fieldPath === 'createdAt' &&
              index.fields[1].order === 'DESCENDING',
          );
          if (!match) missing.push(field);
        }
      }
    }
    expect(issued).toBe(32);
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('download links', () => {
  it('answers a link that reads the file without a token until it expires', async () => {
    useSettings({ DOCUMENT_LINK_TTL_SECONDS: '120' });
    const move = frozenClock();
    const { forwarder, file } = await submittedForwarder();
    const res = await download(cardId(forwarder.uid, file.cardFront));
    expect(res.status).toBe(200);
    expect(res.body.data.expiresAt).toBe(new Date(move(0).getTime() + 120_000).toISOString());
    const client = await api();
    const read = await client.get(res.body.data.url).buffer(true).parse(bytes);
    expect({ status: read.status, type: read.headers['content-type'], cache: read.headers['cache-control'] }).toEqual({ status: 200, type: 'image/jpeg', cache: 'private, no-store' });
    expect(Buffer.compare(read.body as Buffer, CARD_JPEG)).toBe(0);

    // An invoice's PDF (a path of two segments) the same way.
    const invoiceId = await paidInvoice();
    const pdfLink = (await download(`facture_${invoiceId}`)).body.data.url as string;
    const pdf = await client.get(pdfLink).buffer(true).parse(bytes);
    expect({ status: pdf.status, type: pdf.headers['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    move(119_000);
    expect((await client.get(res.body.data.url)).status).toBe(200);
    move(1_000);
    for (const link of [res.body.data.url, pdfLink]) {
      const expired = await client.get(link);
      expect({ status: expired.status, code: expired.body.code }).toEqual({ status: 403, code: 'SIGNED_LINK_EXPIRED' });
    }
  });

  it('refuses forged and altered links, paths out of the storage root, public media and files the register does not hold', async () => {
    const { forwarder, file } = await submittedForwarder();
    const link = new URL((await download(cardId(forwarder.uid, file.cardFront))).body.data.url, 'http://x');
    const expires = link.searchParams.get('expires')!;
    const signature = link.searchParams.get('signature')!;
    const client = await api();
    const forged = [
      `${link.pathname}?expires=${expires}&signature=${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`,
      `${link.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/upload/signed/${file.cardBack}?expires=${expires}&signature=${signature}`,
      `${link.pathname}?expires=${expires}&signature=`,
      `${link.pathname}?expires=soon&signature=${signature}`,
    ];
    for (const url of forged) {
      const res = await client.get(url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 403, code: 'SIGNED_LINK_INVALID' });
    }
    expect((await client.get(`${link.pathname}?expires=${expires}`)).status).toBe(400);

    // Signed with the local key itself (as if it leaked into a link): still only registered files.
    const local = new LocalStorage();
    const later = new Date(Date.now() + 60_000);
    const photo = await client.post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
    expect(photo.status).toBe(201);
    const unregisteredCard = await uploadCard(forwarder);
    for (const path of [photo.body.data.path as string, unregisteredCard]) {
      const res = await client.get(await local.signedLink(path, later));
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'FILE_NOT_FOUND' });
    }
    // Out of the root: `..` segments, encoded or not, name nothing.
    for (const path of [`kyc/../${file.cardFront}`, `kyc/${forwarder.uid}/..`, 'kyc/..%2F..%2Fetc/passwd', '..%2Fkyc/x.jpg']) {
      const url = await local.signedLink(path, later);
      const res = await client.get(url);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('answers DOCUMENT_NOT_FOUND for unknown ids and ids that cannot be documents', async () => {
    for (const id of ['facture_nothing', 'x'.repeat(1600), '..', '__x__']) {
      const res = await download(id);
      expect({ id: id.slice(0, 20), status: res.status, code: res.body.code }).toEqual({ id: id.slice(0, 20), status: 404, code: 'DOCUMENT_NOT_FOUND' });
    }
  });
});

describe('who may', () => {
  it('refuses every other role, a blocked admin and no token', async () => {
    const { forwarder, file } = await submittedForwarder();
    const id = cardId(forwarder.uid, file.cardFront);
    const client = await api();
    for (const role of ['acheteur', 'vendeur', 'transitaire', 'agentCommercial', 'chauffeur', 'livreur'] as const) {
      const user = role === 'transitaire' ? forwarder : await createUser(role);
      const answers = [
        await client.get('/api/admin/documents').set(bearer(user.token)),
        await client.get(`/api/admin/documents/${id}/download`).set(bearer(user.token)),
        await client.post('/api/admin/documents/delete').set(bearer(user.token)).send({ ids: [id] }),
      ];
      expect({ role, answers: answers.map((res) => [res.status, res.body.code]) }).toEqual({ role, answers: Array(3).fill([403, 'FORBIDDEN_ROLE']) });
    }
    expect((await client.get('/api/admin/documents')).status).toBe(401);
    expect((await client.post('/api/admin/documents/delete').send({ ids: [id] })).status).toBe(401);
    const blocked = await createUser('superAdmin');
    await db().collection(COLLECTIONS.users).doc(blocked.uid).update({ isBlocked: true });
    expect((await client.post('/api/admin/documents/delete').set(bearer(blocked.token)).send({ ids: [id] })).body.code).toBe('USER_BLOCKED');
    // Admin levels below superAdmin list and read, but do not delete.
    for (const role of ['admin', 'gestionnaire', 'principal'] as const) {
      const user = role === 'admin' ? admin : await createUser(role);
      expect((await download(id, user)).status).toBe(200);
      const res = await bulkDelete([id], user);
      expect({ role, status: res.status, code: res.body.code }).toEqual({ role, status: 403, code: 'FORBIDDEN_ROLE' });
    }
    expect((await db().collection(COLLECTIONS.storedDocuments).doc(id).get()).get('deletedAt')).toBeNull();
  });
});

describe('bulk deletion', () => {
  it('deletes the file, keeps the entry marked, and the forwarder’s file shows the card deleted', async () => {
    const { forwarder, file } = await submittedForwarder();
    const id = cardId(forwarder.uid, file.cardFront);
    const before = new URL((await download(id)).body.data.url, 'http://x');
    const res = await bulkDelete([id, 'identite_transitaire_nobody_x', 'a/b', id]);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id, outcome: 'deleted' },
      { id: 'identite_transitaire_nobody_x', outcome: 'not_found' },
      { id: 'a/b', outcome: 'not_found' },
    ]);
    expect(await (await fileStorage()).exists(file.cardFront)).toBe(false);
    expect(await (await fileStorage()).exists(file.cardBack)).toBe(true);
    const entry = (await db().collection(COLLECTIONS.storedDocuments).doc(id).get()).data()!;
    expect(entry).toMatchObject({ deleted: true, deletedBy: superAdmin.uid, path: file.cardFront });
    expect(await subscriberState(`document.deleted_${id}`, 'transit.identity_card_deleted')).toBe('done');

    const client = await api();
    // The link handed out before: the document is gone.
    const old = await client.get(`${before.pathname}${before.search}`);
    expect({ status: old.status, code: old.body.code }).toEqual({ status: 410, code: 'DOCUMENT_DELETED' });
    const again = await download(id);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 410, code: 'DOCUMENT_DELETED' });
    // The admin view of the forwarder's file: no link to the deleted card, which it names.
    const view = await client.get(`/api/transitaires/verification/admin/demandes/${forwarder.uid}`).set(bearer(admin.token));
    expect(view.body.data.cardLinks).toEqual({ cardFront: null, cardBack: expect.stringContaining('/api/upload/signed/kyc/'), expiresAt: expect.any(String), deleted: ['cardFront'] });
    expect((await client.get(view.body.data.cardLinks.cardBack)).status).toBe(200);
    // A file without its card cannot be approved.
    const approve = await client.patch(`/api/transitaires/verification/admin/demandes/${forwarder.uid}/approve`).set(bearer(admin.token));
    expect(approve.body.code).toBe('KYC_CARDS_MISSING');
    // Deleted again: already.
    expect((await bulkDelete([id])).body.data.results).toEqual([{ id, outcome: 'already_deleted' }]);
  });

  it('marks an invoice whose PDF is deleted: its PDF route answers DOCUMENT_DELETED, its data stays', async () => {
    const invoiceId = await paidInvoice();
    expect((await bulkDelete([`facture_${invoiceId}`])).body.data.results).toEqual([{ id: `facture_${invoiceId}`, outcome: 'deleted' }]);
    expect(await (await fileStorage()).exists(`factures/${invoiceId}.pdf`)).toBe(false);
    const client = await api();
    for (const user of [buyer, seller]) {
      const pdf = await client.get(`/api/invoices/${invoiceId}/pdf`).set(bearer(user.token));
      expect({ status: pdf.status, code: pdf.body.code }).toEqual({ status: 410, code: 'DOCUMENT_DELETED' });
      const invoice = await client.get(`/api/invoices/${invoiceId}`).set(bearer(user.token));
      expect(invoice.body.data).toMatchObject({ id: invoiceId, pdfDeleted: true });
    }
    const stored = (await db().collection(COLLECTIONS.invoices).doc(invoiceId).get()).data()!;
    expect(stored.pdf).toMatchObject({ deletedBy: superAdmin.uid });
    // Not made again.
    expect(await (await fileStorage()).exists(`factures/${invoiceId}.pdf`)).toBe(false);
  });

  it('handles any kind of the register, a verification report included, through its event', async () => {
    const report = `rapport_verification_test_${Date.now()}`;
    const path = `rapports/${report}.pdf`;
    await (await fileStorage()).savePrivate(path, Buffer.from('%PDF-1.7 report'), 'application/pdf');
    await runTransaction(async (tx) => {
      registerDocument(tx, report, { kind: 'rapport_verification', owner: buyer.uid, readers: [seller.uid], path, contentType: 'application/pdf', size: 15, record: { collection: 'verificationRequests', id: 'x' }, label: 'Rapport' });
    });
    const link = (await download(report)).body.data.url as string;
    const read = await (await api()).get(link).buffer(true).parse(bytes);
    expect((read.body as Buffer).toString()).toBe('%PDF-1.7 report');
    expect((await bulkDelete([report])).body.data.results).toEqual([{ id: report, outcome: 'deleted' }]);
    expect(await (await fileStorage()).exists(path)).toBe(false);
    expect(await db().collection(COLLECTIONS.events).doc(`document.deleted_${report}`).get()).toHaveProperty('exists', true);
  });

  it('deletes once and emits once when two superAdmins delete the same documents at once', async () => {
    const [one, two] = [await submittedForwarder(), await submittedForwarder()];
    const ids = [cardId(one.forwarder.uid, one.file.cardFront), cardId(one.forwarder.uid, one.file.cardBack), cardId(two.forwarder.uid, two.file.cardFront)];
    const other = await createUser('superAdmin');
    const [a, b] = await Promise.all([bulkDelete(ids), bulkDelete([...ids].reverse(), other)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const outcomes = [...a.body.data.results, ...b.body.data.results] as Array<{ id: string; outcome: string }>;
    for (const id of ids) {
      expect({ id, outcomes: outcomes.filter((result) => result.id === id).map((result) => result.outcome).sort() }).toEqual({ id, outcomes: ['already_deleted', 'deleted'] });
      const byA = (a.body.data.results as Array<{ id: string; outcome: string }>).find((result) => result.id === id)!;
      const winner = byA.outcome === 'deleted' ? superAdmin : other;
      const entry = (await db().collection(COLLECTIONS.storedDocuments).doc(id).get()).data()!;
      expect(entry.deletedBy).toBe(winner.uid);
      const event = (await db().collection(COLLECTIONS.events).doc(`document.deleted_${id}`).get()).data()!;
      expect(event.payload).toMatchObject({ documentId: id, deletedBy: winner.uid });
    }
    // One event per document: its id is the document's.
    const events = await db().collection(COLLECTIONS.events).where('type', '==', 'document.deleted').get();
    expect(events.docs.filter((doc) => ids.includes(doc.get('key'))).length).toBe(3);
    const view = await (await api()).get(`/api/transitaires/verification/admin/demandes/${one.forwarder.uid}`).set(bearer(admin.token));
    expect(view.body.data.cardLinks).toMatchObject({ cardFront: null, cardBack: null, deleted: ['cardFront', 'cardBack'] });
  });

  it('takes 1 to 100 ids, and refuses anything else', async () => {
    const client = await api();
    for (const body of [{ ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => `id${i}`) }, { ids: 'x' }, {}, { ids: ['x'], extra: true }, { ids: [''] }]) {
      const res = await client.post('/api/admin/documents/delete').set(bearer(superAdmin.token)).send(body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    }
    const hundred = await bulkDelete(Array.from({ length: 100 }, (_, i) => `facture_none_${i}`));
    expect(hundred.body.data.results).toHaveLength(100);
    expect(new Set(hundred.body.data.results.map((result: { outcome: string }) => result.outcome))).toEqual(new Set(['not_found']));
  });
});
