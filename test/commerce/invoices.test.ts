/** Invoices of paid orders: issued once, numbered without gap, readable by their parties, rendered as PDF. */
import { resetClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { onAchatPaid } from '../../functions/src/domains/commerce/achats/service';
import { issueAchatInvoice, issueOrderInvoice } from '../../functions/src/domains/commerce/invoices/service';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer, bytes } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { pdfText, undrawnLetters } from '../helpers/pdf';
import { frozenClock } from '../helpers/settings';

let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer, other] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur')]);
});

const part = (overrides: Record<string, unknown> = {}) =>
  publish(seller, { type: 'piece', titre: 'Plaquettes de frein', prix: 7_500, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined, ...overrides });

async function paidOrder(quantite: number, articleId: string): Promise<string> {
  const created = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId, quantite }], livraison: false });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

it('issues one invoice per paid order, readable by its buyer and seller, and renders it as a PDF', async () => {
  const p = await part({ stock: 10 });
  const id = await paidOrder(2, p.id);
  await onOrderPaid(id, `pay-${id}`);
  const again = await issueOrderInvoice(id); // a second delivery of order.paid
  const invoices = await db().collection(COLLECTIONS.invoices).where('source.id', '==', id).get();
  expect(invoices.docs).toHaveLength(1);
  const invoice = invoices.docs[0];
  expect(invoice.get('numero')).toBe(again);
  expect(again).toMatch(/^FAC-\d{8}-\d{4}$/);

  const client = await api();
  const mine = await client.get('/api/invoices').set(bearer(buyer.token));
  expect(mine.body.data).toEqual([expect.objectContaining({ id: invoice.id, numero: again, total: 15_000, read: false })]);
  expect((await client.get('/api/invoices').query({ side: 'vendeur' }).set(bearer(seller.token))).body.data.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
  expect((await client.get('/api/invoices').query({ side: 'vendeur' }).set(bearer(buyer.token))).body.data).toEqual([]);
  const one = await client.get(`/api/invoices/${invoice.id}`).set(bearer(seller.token));
  expect(one.body.data).toMatchObject({ numero: again, lignes: [{ designation: 'Plaquettes de frein', quantite: 2, prixUnitaire: 7_500, montant: 15_000 }], acheteur: { uid: buyer.uid }, vendeurs: [{ uid: seller.uid }] });

  expect((await client.patch(`/api/invoices/${invoice.id}/read`).set(bearer(buyer.token))).body.data.read).toBe(true);
  expect((await client.get(`/api/invoices/${invoice.id}`).set(bearer(seller.token))).body.data.read).toBe(false);
  expect((await client.patch('/api/invoices/read-all').set(bearer(seller.token))).body.data).toEqual({ marked: 1, hasMore: false });
  expect((await client.get(`/api/invoices/${invoice.id}`).set(bearer(seller.token))).body.data.read).toBe(true);

  const pdf = await client.get(`/api/invoices/${invoice.id}/pdf`).set(bearer(buyer.token)).buffer(true).parse(bytes);
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toContain('application/pdf');
  const body = pdf.body as Buffer;
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(body);
  expect(text).toContain(`Facture ${again}`);
  expect(text).toContain('Plaquettes de frein x 2 a 7 500 XOF = 15 000 XOF');
  expect(text).toContain('Total : 15 000 XOF');
});

it('writes the parties’ names with every letter of Fon and Yoruba, and its date as a day of Porto-Novo', async () => {
  const fon = await createUser('acheteur', { prenoms: 'Ɖɔkpɛ', nom: 'Adéọlá' });
  const p = await part();
  const created = await (await api()).post('/api/orders').set(bearer(fon.token)).send({ items: [{ articleId: p.id, quantite: 1 }], livraison: false });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  // Paid, and so issued, at 23:30 UTC on 28 November: already 00:30 on the 29th in Porto-Novo (UTC+1).
  frozenClock(new Date('2026-11-28T23:30:00.000Z'));
  try {
    await onOrderPaid(id, `pay-${id}`);
    await issueOrderInvoice(id);
  } finally {
    resetClock();
  }
  const pdf = await (await api()).get(`/api/invoices/commande_${id}/pdf`).set(bearer(fon.token)).buffer(true).parse(bytes);
  expect(pdf.status).toBe(200);
  const lines = (await pdfText(pdf.body as Buffer)).split('\n');
  expect(lines).toContain(`Acheteur : Ɖɔkpɛ Adéọlá (${fon.telephone})`);
  expect(lines).toContain('Date : 29 novembre 2026');
  expect(lines.join('\n')).not.toContain('?');
  // And print: the embedded font draws every letter it maps (a subset a viewer cannot read prints blank).
  expect(await undrawnLetters(pdf.body as Buffer)).toEqual([]);
});

it('issues one invoice per paid purchase of a listing', async () => {
  const car = await publish(seller, { prix: 3_200_000 });
  const opened = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId: car.id, modeLivraison: 'consommation' });
  expect(opened.status).toBe(201);
  const achatId = opened.body.data.id as string;
  await onAchatPaid(achatId, `pay-${achatId}`);
  const numero = await issueAchatInvoice(achatId);
  expect(numero).toMatch(/^FAC-\d{8}-\d{4}$/);
  const read = await (await api()).get(`/api/invoices/achat_${achatId}`).set(bearer(buyer.token));
  expect(read.body.data).toMatchObject({ numero, source: { kind: 'achat', id: achatId }, total: 3_200_000, lignes: [{ quantite: 1, montant: 3_200_000 }] });
});

it('refuses invoices to anyone else, without a token, and for ids that are not document ids', async () => {
  const p = await part();
  const id = await paidOrder(1, p.id);
  await onOrderPaid(id, `pay-${id}`);
  const invoiceId = `commande_${id}`;
  const client = await api();
  expect((await client.get(`/api/invoices/${invoiceId}`)).status).toBe(401);
  expect((await client.get(`/api/invoices/${invoiceId}`).set(bearer(other.token))).body.code).toBe('INVOICE_NOT_FOUND');
  expect((await client.get(`/api/invoices/${invoiceId}/pdf`).set(bearer(other.token))).body.code).toBe('INVOICE_NOT_FOUND');
  expect((await client.patch(`/api/invoices/${invoiceId}/read`).set(bearer(other.token))).body.code).toBe('INVOICE_NOT_FOUND');
  expect((await client.get('/api/invoices/'.concat('x'.repeat(1600))).set(bearer(buyer.token))).body.code).toBe('INVOICE_NOT_FOUND');
  expect((await client.get('/api/invoices').query({ side: 'nobody' }).set(bearer(buyer.token))).status).toBe(400);
  expect((await client.get('/api/invoices').set(bearer(other.token))).body.data).toEqual([]);
});

it('numbers 30 invoices of parallel payments consecutively, without gap or duplicate', async () => {
  const parts = await Promise.all(Array.from({ length: 30 }, (_, index) => part({ prix: 1_000 + index })));
  const ids = await Promise.all(parts.map((p) => paidOrder(1, p.id)));
  const before = (await db().collection(COLLECTIONS.invoices).get()).docs.map((doc) => doc.get('numero') as string);
  // 30 payment effects at once: each pays its order and, through order.paid, issues its invoice.
  await Promise.all(ids.map((id) => onOrderPaid(id, `pay-${id}`)));
  // Under this load an inline dispatch may fail and leave the event to the trigger or the sweep,
  // which tests do not run: the subscriber's work is asked again, in parallel too (a no-op where done).
  const numbers = await Promise.all(ids.map(async (id) => (await issueOrderInvoice(id))!));
  const day = numbers[0].slice(4, 12);
  const ranks = numbers.map((numero) => Number(numero.slice(-4))).sort((a, b) => a - b);
  const first = before.filter((numero) => numero.includes(day)).length + 1;
  expect(ranks).toEqual(Array.from({ length: 30 }, (_, index) => first + index));
  expect(new Set(numbers).size).toBe(30);
}, 240_000);

it('bills the zone’s delivery fee of an order delivered by a courier', async () => {
  const admin = await createUser('principal');
  const zone = await (await api())
    .post('/api/delivery-zones')
    .set(bearer(admin.token))
    .send({ nom: 'Grand Cotonou', polygon: [{ latitude: 6.33, longitude: 2.33 }, { latitude: 6.33, longitude: 2.48 }, { latitude: 6.42, longitude: 2.48 }, { latitude: 6.42, longitude: 2.33 }], prixParKm: 100, fraisMin: 1500, fraisMax: 1500 });
  expect(zone.status).toBe(201);
  const p = await part({ localisation: { latitude: 6.36, longitude: 2.4 } });
  const created = await (await api())
    .post('/api/orders')
    .set(bearer(buyer.token))
    .send({ items: [{ articleId: p.id, quantite: 1 }], livraison: true, adresseLivraison: { ville: 'Cotonou', position: { latitude: 6.37, longitude: 2.45 } } });
  expect(created.body.data).toMatchObject({ sousTotal: 7_500, fraisLivraison: 1_500, total: 9_000 });
  const id = created.body.data.id as string;
  await onOrderPaid(id, `pay-${id}`);
  const invoice = await (await api()).get(`/api/invoices/commande_${id}`).set(bearer(buyer.token));
  expect(invoice.body.data).toMatchObject({ sousTotal: 7_500, fraisLivraison: 1_500, total: 9_000 });
});
