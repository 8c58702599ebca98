/**
 * Verification of a listing (`/api/verification`): a buyer pays the inspection, admins take it and
 * attach the report, the buyer reads it through a short-lived link and accepts (its journey
 * approved, the transfer allowed) or refuses (its purchase cancelled and refunded, its journey
 * `annule`), each change counted for the statistics.
 */
import { emit } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { deliverTemplateNotice } from '../../functions/src/domains/notifications/template-delivery';
import { INSPECTION_EVENTS, INSPECTION_STATUSES, INSPECTION_TRANSITIONS } from '../../functions/src/domains/catalog/inspection/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { FakePartner } from '../helpers/fake-partner';
import { api, bearer, bytes } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { registerDevice } from '../helpers/pushes';
import { frozenClock, restoreSettings, useSettings } from '../helpers/settings';
import { resetClock, setClock } from '../../functions/src/core/clock';
import { fileStorage } from '../../functions/src/adapters/storage/storage';
import { cleanUploads } from '../../functions/src/domains/catalog/uploads/cleanup';
import { forwarder, missionDocument, paidTransitPurchase, selectForwarder } from '../helpers/transit';
import { attachReport, payVerification, REPORT_PDF, setStatus, startVerificationPayment, uploadReport } from '../helpers/verification';
import { walk } from '../helpers/transition-table';
import { cancelForRefusedVerification } from '../../functions/src/domains/commerce/achats/service';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
let gestionnaire: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, gestionnaire] = await Promise.all([createUser('admin'), createUser('gestionnaire')]);
});

afterEach(() => {
  resetClock();
  restoreSettings();
});

const get = async (user: TestUser, path: string) => (await api()).get(path).set(bearer(user.token));
const post = async (user: TestUser, path: string) => (await api()).post(path).set(bearer(user.token));
const told = async (user: TestUser) => ((await get(user, '/api/notifications')).body.data as Array<{ type: string }>).map((n) => n.type);
/** A request's own copy of an upload: `rapports/{requestId}/{upload uuid}.pdf`. */
const reportFileOf = (id: string) => new RegExp(`^rapports/${id}/[0-9a-f-]{36}\\.pdf$`);
const request = async (id: string) => (await db().collection(COLLECTIONS.verifications).doc(id).get()).data()!;
const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;

/** A seller's listing and a buyer who paid for its inspection. */
async function requested(titre = 'Toyota RAV4 2018') {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre });
  const id = await payVerification(buyer, listing.id, sandbox());
  return { seller, buyer, articleId: listing.id, id };
}

it('walks the status table: allowed moves move, the others answer INVALID_TRANSITION', () => {
  walk(INSPECTION_TRANSITIONS, INSPECTION_STATUSES, INSPECTION_EVENTS, {
    'en_attente --start-->': 'en_cours',
    'en_attente --report-->': 'rapport_disponible',
    'en_attente --cancel-->': 'annule',
    'en_cours --report-->': 'rapport_disponible',
    'en_cours --cancel-->': 'annule',
    'rapport_disponible --accept-->': 'accepte',
    'rapport_disponible --refuse-->': 'refuse',
  });
});

it('keeps the moves of a request in its history: opened by the buyer, taken and cancelled by the admin with the reason', async () => {
  const { buyer, articleId, id } = await requested('Mazda CX-5 2019');
  await setStatus(gestionnaire, articleId, { statut: 'en_cours' });
  await setStatus(admin, articleId, { statut: 'annule', motif: 'Véhicule introuvable' });
  const stored = await request(id);
  expect(stored.statut).toBe('annule');
  expect(stored.history.map((entry: { statut: string; by: string; reason: string | null }) => ({ statut: entry.statut, by: entry.by, reason: entry.reason }))).toEqual([
    { statut: 'en_attente', by: buyer.uid, reason: null },
    { statut: 'en_cours', by: gestionnaire.uid, reason: null },
    { statut: 'annule', by: admin.uid, reason: 'Véhicule introuvable' },
  ]);
});

it('runs the whole flow: payment, inspection, report read through a link, acceptance that lets the journey be handed over', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Lexus RX 350 2015' });
  const articleId = listing.id;
  await paidTransitPurchase(buyer, articleId, sandbox());
  const client = await api();
  expect((await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId, paysDestination: 'NG' })).status).toBe(200);
  const transitaire = await forwarder();
  expect((await selectForwarder(buyer, articleId, transitaire.uid)).status).toBe(200);
  const pushes = await registerDevice(buyer);

  const id = await payVerification(buyer, articleId, sandbox());
  expect(await request(id)).toMatchObject({ statut: 'en_attente', acheteur: buyer.uid, vendeur: seller.uid, articleTitre: 'Lexus RX 350 2015' });
  // The journey waits for the buyer's word on the report.
  const early = await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId });
  expect({ status: early.status, code: early.body.code }).toEqual({ status: 409, code: 'VERIFICATION_NOT_ACCEPTED' });

  const listed = await get(admin, `/api/verification/admin/requests?statut=en_attente&articleId=${articleId}`);
  expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([id]);
  const started = await setStatus(gestionnaire, articleId, { statut: 'en_cours' });
  expect(started.status).toBe(200);
  expect(started.body.data).toMatchObject({ articleId, statut: 'en_cours', moved: [{ id, statut: 'en_cours' }] });
  expect((await get(buyer, `/api/verification/${id}/rapport`)).body.code).toBe('VERIFICATION_REPORT_MISSING');

  useSettings({ WHATSAPP_VERIFICATION_REPORT_TEMPLATE: 'rapport_verification_pret' });
  const attached = await attachReport(admin, articleId);
  expect(attached.moved).toEqual([expect.objectContaining({ id, statut: 'rapport_disponible', rapport: expect.objectContaining({ size: REPORT_PDF.length, deleted: false }) })]);
  expect((await db().collection(COLLECTIONS.articles).doc(articleId).get()).get('verificationStatut')).toBe('rapport_disponible');
  // Registered for the admin documents, readable by the buyer and the seller.
  expect((await db().collection(COLLECTIONS.storedDocuments).doc(`rapport_verification_${id}`).get()).data()).toMatchObject({
    kind: 'rapport_verification',
    owner: buyer.uid,
    readers: [seller.uid],
    path: expect.stringMatching(reportFileOf(id)),
    contentType: 'application/pdf',
    size: REPORT_PDF.length,
    record: { collection: 'verifications', id },
    deletedAt: null,
  });
  // Told in the app, by push, and on WhatsApp through the configured template.
  expect(await told(buyer)).toEqual(expect.arrayContaining(['verification_started', 'verification_report_ready']));
  expect((await pushes()).map((push) => push.data?.type)).toEqual(expect.arrayContaining(['verification_report_ready']));
  const queued = await db().collection(COLLECTIONS.templateNotices).where('uid', '==', buyer.uid).get();
  expect(queued.docs.map((doc) => doc.data())).toEqual([expect.objectContaining({ to: buyer.telephone, template: 'rapport_verification_pret', params: ['Lexus RX 350 2015'], sentAt: null })]);
  // Deployed, the notice's creation fires sendTemplateNotices; here it is called as the trigger would, twice.
  expect(await deliverTemplateNotice(queued.docs[0].id)).toBe('sent');
  expect(await deliverTemplateNotice(queued.docs[0].id)).toBe('already_sent');
  const whatsapp = (await db().collection(COLLECTIONS.localMessages).where('channel', '==', 'template').where('to', '==', buyer.telephone).get()).docs.map((doc) => doc.data());
  expect(whatsapp).toEqual([expect.objectContaining({ template: 'rapport_verification_pret', params: ['Lexus RX 350 2015'] })]);

  // Buyer, seller and admins read the report through a short-lived link; nobody else sees the request.
  for (const reader of [buyer, seller, gestionnaire]) {
    const link = await get(reader, `/api/verification/${id}/rapport`);
    expect(link.status).toBe(200);
    const file = await client.get(link.body.data.url).buffer(true).parse(bytes);
    expect({ status: file.status, type: file.headers['content-type'], cache: file.headers['cache-control'] }).toEqual({ status: 200, type: 'application/pdf', cache: 'private, no-store' });
    expect(Buffer.compare(file.body as Buffer, REPORT_PDF)).toBe(0);
  }
  const stranger = await createUser('acheteur');
  expect((await get(stranger, `/api/verification/${id}`)).body.code).toBe('VERIFICATION_NOT_FOUND');
  expect((await get(stranger, `/api/verification/${id}/rapport`)).body.code).toBe('VERIFICATION_NOT_FOUND');
  expect((await get(seller, `/api/verification/${id}`)).body.data).toMatchObject({ id, statut: 'rapport_disponible' });
  expect((await get(buyer, '/api/verification/mine')).body.data.map((item: { id: string }) => item.id)).toEqual([id]);

  // Only the buyer decides.
  const bySeller = await post(seller, `/api/verification/${id}/accepter`);
  expect({ status: bySeller.status, code: bySeller.body.code }).toEqual({ status: 403, code: 'VERIFICATION_BUYER_ONLY' });
  expect((await post(admin, `/api/verification/${id}/accepter`)).body.code).toBe('VERIFICATION_BUYER_ONLY');
  expect((await post(stranger, `/api/verification/${id}/accepter`)).body.code).toBe('VERIFICATION_NOT_FOUND');
  const accepted = await post(buyer, `/api/verification/${id}/accepter`);
  expect(accepted.status).toBe(200);
  expect(accepted.body.data).toMatchObject({ statut: 'accepte', decidedAt: expect.any(String) });
  expect((await missionDocument(`${articleId}_${buyer.uid}`)).verificationApproved).toBe(true);
  expect(await told(seller)).toEqual(expect.arrayContaining(['verification_requested', 'verification_accepted']));
  const transferred = await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId });
  expect(transferred.status).toBe(200);
  expect(transferred.body.data).toMatchObject({ statut: 'transferer', verificationApproved: true });
  // A decision is made once.
  expect((await post(buyer, `/api/verification/${id}/refuser`)).body.code).toBe('INVALID_TRANSITION');
});

/** The id of the request's `verification.status_changed` to `rapport_disponible` (its template notice's id). */
async function reportEventId(verificationId: string): Promise<string> {
  const events = await db()
    .collection(COLLECTIONS.events)
    .where('type', '==', 'verification.status_changed')
    .where('payload.verificationId', '==', verificationId)
    .where('payload.to', '==', 'rapport_disponible')
    .get();
  expect(events.size).toBe(1);
  return events.docs[0].id;
}

it('queues no WhatsApp notice when no template is configured', async () => {
  const { buyer, articleId } = await requested();
  await attachReport(admin, articleId);
  expect(await told(buyer)).toEqual(expect.arrayContaining(['verification_report_ready']));
  expect((await db().collection(COLLECTIONS.templateNotices).where('uid', '==', buyer.uid).get()).size).toBe(0);
});

it('sends the report notice through the WhatsApp Cloud API template when that channel is configured', async () => {
  const graph = new FakePartner(() => ({ body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.report1' }] } }));
  const graphUrl = await graph.start();
  try {
    const { buyer, articleId, id } = await requested('Mazda CX-5 2017');
    useSettings({ WHATSAPP_VERIFICATION_REPORT_TEMPLATE: 'rapport_verification_pret' });
    await attachReport(admin, articleId);
    useSettings({ MESSAGING_DRIVER: 'whatsapp', WHATSAPP_API_BASE_URL: graphUrl, WHATSAPP_PHONE_NUMBER_ID: '1234567890' });
    const key = await reportEventId(id);
    expect(await deliverTemplateNotice(key)).toBe('sent');
    expect(JSON.parse(graph.requests.at(-1)!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: buyer.telephone.replace(/^\+/, ''),
      type: 'template',
      template: { name: 'rapport_verification_pret', language: { code: 'fr' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Mazda CX-5 2017' }] }] },
    });
    expect((await db().collection(COLLECTIONS.templateNotices).doc(key).get()).data()).toMatchObject({ messageId: 'wamid.report1', sentAt: expect.anything() });
  } finally {
    await graph.stop();
  }
});

it('tries a WhatsApp notice again after the partner fails, and gives up on a notice a day old', async () => {
  let failing = true;
  const graph = new FakePartner(() => (failing ? { status: 503, body: { error: { message: 'unavailable' } } } : { body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.retry1' }] } }));
  const graphUrl = await graph.start();
  try {
    const advance = frozenClock();
    const first = await requested('Ford Ranger 2019');
    const second = await requested('Isuzu D-Max 2018');
    useSettings({ WHATSAPP_VERIFICATION_REPORT_TEMPLATE: 'rapport_verification_pret' });
    await attachReport(admin, first.articleId);
    await attachReport(admin, second.articleId);
    useSettings({ MESSAGING_DRIVER: 'whatsapp', WHATSAPP_API_BASE_URL: graphUrl, WHATSAPP_PHONE_NUMBER_ID: '1234567890' });
    const [firstKey, secondKey] = await Promise.all([reportEventId(first.id), reportEventId(second.id)]);
    const keyOf = (id: string) => (id === first.id ? firstKey : secondKey);
    // A failed send throws: the trigger (retry: true) runs it again.
    await expect(deliverTemplateNotice(keyOf(first.id))).rejects.toThrow();
    failing = false;
    expect(await deliverTemplateNotice(keyOf(first.id))).toBe('sent');
    advance(24 * 60 * 60 * 1000 + 1000);
    expect(await deliverTemplateNotice(keyOf(second.id))).toBe('given_up');
    const sends = graph.requests.length;
    expect(await deliverTemplateNotice(keyOf(second.id))).toBe('given_up');
    expect(graph.requests.length).toBe(sends);
    expect((await db().collection(COLLECTIONS.templateNotices).doc(keyOf(second.id)).get()).data()).toMatchObject({ sentAt: null, givenUpAt: expect.anything() });
  } finally {
    await graph.stop();
  }
});

it('refusal cancels the buyer’s paid purchase, marks its money for refund, takes the sale back and blocks the journey; the fee stays paid', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Peugeot 508 2017', prix: 4_000_000 });
  const achatId = await paidTransitPurchase(buyer, listing.id, sandbox());
  const client = await api();
  await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id, paysDestination: 'NG' });
  // Not handed over yet: the price is held for the seller (DOMAIN.md, "Fair exchange").
  expect((await client.get('/api/wallet/me').set(bearer(seller.token))).body.data).toMatchObject({ balance: 0, held: 4_000_000 });
  const id = await payVerification(buyer, listing.id, sandbox());
  await attachReport(admin, listing.id);

  const refused = await post(buyer, `/api/verification/${id}/refuser`);
  expect(refused.status).toBe(200);
  expect(refused.body.data.statut).toBe('refuse');
  const achat = (await db().collection(COLLECTIONS.achats).doc(achatId).get()).data()!;
  expect(achat.statut).toBe('annulee');
  expect((await payment(achat.paymentId)).refund).toMatchObject({ statut: 'a_rembourser', montant: 4_000_000 });
  expect((await payment(id)).refund).toBeUndefined();
  expect((await missionDocument(`${listing.id}_${buyer.uid}`)).statut).toBe('annule');
  // "A refund before the handover takes the held credit back (no debt)."
  expect((await client.get('/api/wallet/me').set(bearer(seller.token))).body.data).toMatchObject({ balance: 0, held: 0, debt: 0 });
  expect(await told(seller)).toEqual(expect.arrayContaining(['verification_refused']));
});

it('finishes a refusal after a crash between the cancellation and its refund, and leaves a purchase with delivery to its delivery', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Honda Accord 2015', prix: 3_000_000 });
  const achatId = await paidTransitPurchase(buyer, listing.id, sandbox());
  const achatRef = db().collection(COLLECTIONS.achats).doc(achatId);
  const { paymentId } = (await achatRef.get()).data()!;
  // What a crash right after the cancelling transaction leaves: cancelled and marked, nothing refunded yet.
  await achatRef.update({ statut: 'annulee', annulation: 'verification_refusee', payeeAvantAnnulation: true });
  await cancelForRefusedVerification(listing.id, buyer.uid);
  await cancelForRefusedVerification(listing.id, buyer.uid);
  expect((await payment(paymentId)).refund).toMatchObject({ statut: 'a_rembourser', montant: 3_000_000 });
  const client = await api();
  expect((await client.get('/api/wallet/me').set(bearer(seller.token))).body.data).toMatchObject({ balance: 0, held: 0, debt: 0 });

  // A paid purchase with delivery: the goods may be on the way or handed over; its delivery decides.
  const other = await publish(seller, { titre: 'Kia Rio 2016', prix: 2_000_000 });
  const withDelivery = await paidTransitPurchase(buyer, other.id, sandbox());
  await db().collection(COLLECTIONS.achats).doc(withDelivery).update({ demandeLivraison: { pickups: [], destination: {}, quote: {} } });
  const id = await payVerification(buyer, other.id, sandbox());
  await attachReport(admin, other.id);
  expect((await post(buyer, `/api/verification/${id}/refuser`)).body.data.statut).toBe('refuse');
  const kept = (await db().collection(COLLECTIONS.achats).doc(withDelivery).get()).data()!;
  expect(kept.statut).toBe('payee');
  expect((await payment(kept.paymentId)).refund).toBeUndefined();
});

it('refuses what callers may not do: roles, blocked users, bad ids, non-PDF uploads, reports not uploaded or of another listing, filters without an index', async () => {
  const { seller, buyer, articleId, id } = await requested();
  const client = await api();
  for (const user of [buyer, seller]) {
    for (const call of [
      client.get('/api/verification/admin/requests').set(bearer(user.token)),
      client.get('/api/verification/admin/stats').set(bearer(user.token)),
      client.patch(`/api/verification/admin/requests/${articleId}/statut`).set(bearer(user.token)).send({ statut: 'en_cours' }),
      client.post(`/api/verification/admin/requests/${articleId}/rapport`).set(bearer(user.token)).set('Content-Type', 'application/pdf').send(REPORT_PDF),
    ]) {
      const res = await call;
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    }
  }
  expect((await client.get(`/api/verification/${id}`)).status).toBe(401);
  const blocked = await createUser('admin');
  await db().collection(COLLECTIONS.users).doc(blocked.uid).update({ isBlocked: true });
  expect((await get(blocked, '/api/verification/admin/requests')).body.code).toBe('USER_BLOCKED');

  expect((await get(buyer, '/api/verification/__x__')).body.code).toBe('VERIFICATION_NOT_FOUND');
  expect((await get(buyer, '/api/verification/nope')).body.code).toBe('VERIFICATION_NOT_FOUND');
  expect((await setStatus(admin, 'no-such-listing', { statut: 'en_cours' })).body.code).toBe('VERIFICATION_NONE_OPEN');
  expect((await uploadReport(admin, 'no-such-listing')).body.code).toBe('ARTICLE_NOT_FOUND');

  const jpeg = await uploadReport(admin, articleId, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]));
  expect({ status: jpeg.status, code: jpeg.body.code }).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  const announcedPdf = await uploadReport(admin, articleId, Buffer.from('<html>not a pdf</html>'));
  expect(announcedPdf.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  useSettings({ VERIFICATION_REPORT_MAX_BYTES: '1024' });
  expect((await uploadReport(admin, articleId, Buffer.concat([REPORT_PDF, Buffer.alloc(2048)]))).body.code).toBe('FILE_TOO_LARGE');

  const missing = await setStatus(admin, articleId, { statut: 'rapport_disponible', rapportId: '00000000-0000-4000-8000-000000000000' });
  expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 400, code: 'VERIFICATION_REPORT_NOT_UPLOADED' });
  const other = await requested('Honda CR-V 2016');
  const elsewhere = await uploadReport(admin, other.articleId);
  expect((await setStatus(admin, articleId, { statut: 'rapport_disponible', rapportId: elsewhere.body.data.rapportId })).body.code).toBe('VERIFICATION_REPORT_NOT_UPLOADED');
  expect((await setStatus(admin, articleId, { statut: 'rapport_disponible' })).body.code).toBe('VALIDATION_ERROR');
  expect((await setStatus(admin, articleId, { statut: 'accepte' })).body.code).toBe('VALIDATION_ERROR');
  expect((await setStatus(admin, articleId, { statut: 'annule' })).body.code).toBe('VALIDATION_ERROR');
  expect((await get(admin, `/api/verification/admin/requests?articleId=${articleId}&acheteur=${buyer.uid}`)).body.code).toBe('VALIDATION_ERROR');

  // Nothing to decide before the report; a buyer holds one unfinished request of a listing.
  expect((await post(buyer, `/api/verification/${id}/accepter`)).body.code).toBe('INVALID_TRANSITION');
  expect((await startVerificationPayment(buyer, articleId)).body.code).toBe('PAYMENT_TARGET_INVALID');
  expect((await startVerificationPayment(seller, articleId)).body.code).toBe('PAYMENT_TARGET_INVALID');
  expect(await request(id)).toMatchObject({ statut: 'en_attente', rapport: null });
});

it('serves report links only as signed, until they expire', async () => {
  useSettings({ VERIFICATION_REPORT_LINK_TTL_SECONDS: '60' });
  const move = frozenClock();
  const { buyer, articleId, id } = await requested();
  const second = await requested('Kia Sportage 2019');
  await attachReport(admin, articleId);
  await attachReport(admin, second.articleId);
  const client = await api();
  const link = (await get(buyer, `/api/verification/${id}/rapport`)).body.data;
  expect(link.expiresAt).toBe(new Date(move(0).getTime() + 60_000).toISOString());
  const url = new URL(link.url, 'http://x');
  const signature = url.searchParams.get('signature')!;
  const flipped = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
  for (const forged of [
    `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${flipped}`,
    `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`,
    `/api/upload/signed/rapports/${second.id}.pdf${url.search}`,
    `/api/upload/signed/rapports/${id}.txt${url.search}`,
  ]) {
    const res = await client.get(forged);
    expect({ forged, status: res.status, code: res.body.code }).toEqual({ forged, status: 403, code: 'SIGNED_LINK_INVALID' });
  }
  move(61_000);
  const expired = await client.get(link.url);
  expect({ status: expired.status, code: expired.body.code }).toEqual({ status: 403, code: 'SIGNED_LINK_EXPIRED' });
  expect((await client.get((await get(buyer, `/api/verification/${id}/rapport`)).body.data.url)).status).toBe(200);
});

it('decides once under concurrency: two accepts, or an accept and a refusal, at once', async () => {
  const first = await requested();
  const second = await requested('Nissan X-Trail 2014');
  await attachReport(admin, first.articleId);
  await attachReport(admin, second.articleId);
  const twice = await Promise.all([post(first.buyer, `/api/verification/${first.id}/accepter`), post(first.buyer, `/api/verification/${first.id}/accepter`)]);
  expect(twice.map((res) => res.status).sort()).toEqual([200, 409]);
  const both = await Promise.all([post(second.buyer, `/api/verification/${second.id}/accepter`), post(second.buyer, `/api/verification/${second.id}/refuser`)]);
  expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  const winner = both.find((res) => res.status === 200)!.body.data.statut;
  expect((await request(second.id)).statut).toBe(winner);
  const events = await db().collection(COLLECTIONS.events).where('payload.verificationId', '==', second.id).get();
  expect(events.docs.map((doc) => doc.get('payload.to')).sort()).toEqual(['en_attente', 'rapport_disponible', winner].sort());
});

it('moves every open request of a listing together, caps them per listing, and cancels them with their fees marked for refund', async () => {
  useSettings({ VERIFICATION_MAX_OPEN_PER_ARTICLE: '2' });
  const seller = await createUser('vendeur');
  const listing = await publish(seller, { titre: 'Toyota Land Cruiser 2012' });
  const [one, two, three] = await Promise.all([createUser('acheteur'), createUser('acheteur'), createUser('acheteur')]);
  const firstId = await payVerification(one, listing.id, sandbox());
  const secondId = await payVerification(two, listing.id, sandbox());
  expect((await startVerificationPayment(three, listing.id)).body.code).toBe('PAYMENT_TARGET_INVALID');

  // Two admins at once: the requests move once.
  const starts = await Promise.all([setStatus(admin, listing.id, { statut: 'en_cours' }), setStatus(gestionnaire, listing.id, { statut: 'en_cours' })]);
  const moved = starts.filter((res) => res.status === 200);
  expect(moved).toHaveLength(1);
  expect(moved[0].body.data.moved.map((item: { id: string }) => item.id).sort()).toEqual([firstId, secondId].sort());
  expect(starts.find((res) => res.status !== 200)!.body.code).toBe('INVALID_TRANSITION');

  const cancelled = await setStatus(admin, listing.id, { statut: 'annule', motif: 'Véhicule introuvable à l’adresse' });
  expect(cancelled.body.data.moved.map((item: { statut: string }) => item.statut)).toEqual(['annule', 'annule']);
  for (const id of [firstId, secondId]) expect((await payment(id)).refund).toMatchObject({ statut: 'a_rembourser', montant: 20_000 });
  // Each fee given back is the admin's decision: one audit entry per request, with its reason.
  for (const id of [firstId, secondId]) {
    const trail = (await db().collection(COLLECTIONS.auditTrail).where('target.id', '==', id).get()).docs.map((doc) => doc.data());
    expect(trail).toEqual([
      expect.objectContaining({ action: 'verification.cancelled', actor: { uid: admin.uid, role: admin.role }, before: { statut: 'en_cours' }, after: { statut: 'annule' }, reason: 'Véhicule introuvable à l’adresse' }),
    ]);
  }
  expect(await told(one)).toEqual(expect.arrayContaining(['verification_cancelled']));
  expect((await setStatus(admin, listing.id, { statut: 'en_cours' })).body.code).toBe('VERIFICATION_NONE_OPEN');
  expect((await db().collection(COLLECTIONS.articles).doc(listing.id).get()).data()).toMatchObject({ verificationsOuvertes: 0, verificationStatut: 'none' });
  // Closed requests free the listing's places: a new buyer may pay, and each report is the buyer's own copy.
  const thirdId = await payVerification(three, listing.id, sandbox());
  const fourthBuyer = await createUser('acheteur');
  const fourthId = await payVerification(fourthBuyer, listing.id, sandbox());
  const reported = await attachReport(admin, listing.id);
  expect(reported.moved.map((item) => item.id).sort()).toEqual([thirdId, fourthId].sort());
  expect((await request(thirdId)).rapport.path).toMatch(reportFileOf(thirdId));
  expect((await request(fourthId)).rapport.path).toMatch(reportFileOf(fourthId));
});

it('marks for refund a payment that succeeds once the listing’s places were taken by another started at the same time', async () => {
  useSettings({ VERIFICATION_MAX_OPEN_PER_ARTICLE: '1' });
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const [one, two] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
  // Both start while no request waits: both pass the check at their start.
  const started = await Promise.all([startVerificationPayment(one, listing.id), startVerificationPayment(two, listing.id)]);
  expect(started.map((res) => res.status)).toEqual([201, 201]);
  const client = await api();
  for (const res of started) {
    sandbox().transactions.get(res.body.data.reference)!.status = 'SUCCESSFUL';
    await client.post(`/api/payments/webhook?secret=${process.env.FEEXPAY_CALLBACK_SECRET}`).send({ reference: res.body.data.reference });
  }
  const [first, second] = started.map((res) => res.body.data.paymentId as string);
  expect((await request(first)).statut).toBe('en_attente');
  expect((await db().collection(COLLECTIONS.verifications).doc(second).get()).exists).toBe(false);
  expect((await payment(second)).refund).toMatchObject({ statut: 'a_rembourser', montant: 20_000, reason: 'too many verifications of this listing' });
  expect((await payment(first)).refund).toBeUndefined();
});

it('cleans up a report uploaded but never attached, and keeps the attached copy the register holds', async () => {
  const { articleId, id } = await requested('Suzuki Vitara 2016');
  const forgotten = (await uploadReport(admin, articleId)).body.data.rapportId as string;
  await attachReport(admin, articleId);
  const attached = (await request(id)).rapport.path as string;
  const storage = await fileStorage();
  const stagedPath = `rapports-recus/${articleId}/${forgotten}.pdf`;
  expect(await storage.exists(stagedPath)).toBe(true);
  setClock(() => new Date(Date.now() + 25 * 60 * 60 * 1000));
  await cleanUploads(1000);
  expect(await storage.exists(stagedPath)).toBe(false);
  expect(await storage.exists(attached)).toBe(true);
  expect((await get(admin, `/api/verification/${id}/rapport`)).status).toBe(200);
});

it('marks a report deleted when a superAdmin deletes its file, and its link says so', async () => {
  const { buyer, articleId, id } = await requested();
  await attachReport(admin, articleId);
  const superAdmin = await createUser('superAdmin');
  const { path } = (await request(id)).rapport;
  // What the admin documents routes do: the file removed, the register marked, the event emitted.
  await runTransaction(async (tx) => {
    tx.update(db().collection(COLLECTIONS.storedDocuments).doc(`rapport_verification_${id}`), { deletedAt: new Date(), deletedBy: superAdmin.uid });
    emit(tx, 'document.deleted', `rapport_verification_${id}`, {
      documentId: `rapport_verification_${id}`,
      kind: 'rapport_verification',
      record: { collection: COLLECTIONS.verifications, id },
      path,
      deletedBy: superAdmin.uid,
      deletedAt: new Date().toISOString(),
    });
  });
  const gone = await get(buyer, `/api/verification/${id}/rapport`);
  expect({ status: gone.status, code: gone.body.code }).toEqual({ status: 410, code: 'VERIFICATION_REPORT_DELETED' });
  expect((await get(buyer, `/api/verification/${id}`)).body.data.rapport).toMatchObject({ deleted: true });
});

it('lists with filters and pages, and gives statistics from counters', async () => {
  await resetEmulators();
  [admin, gestionnaire] = await Promise.all([createUser('admin'), createUser('gestionnaire')]);
  const move = frozenClock(new Date('2026-11-20T10:00:00Z'));
  const a = await requested('Renault Duster 2020');
  move(3_600_000);
  const b = await requested('Suzuki Vitara 2019');
  move(60_000);
  const c = await requested('Ford Ranger 2016');
  move(2 * 3_600_000 - 60_000);
  await attachReport(admin, a.articleId);
  move(3_600_000);
  await attachReport(admin, b.articleId);
  await post(b.buyer, `/api/verification/${b.id}/refuser`);
  await setStatus(admin, c.articleId, { statut: 'en_cours' });

  const stats = await get(gestionnaire, '/api/verification/admin/stats');
  expect(stats.status).toBe(200);
  expect(stats.body.data).toEqual({
    byStatus: { en_attente: 0, en_cours: 1, rapport_disponible: 1, accepte: 0, refuse: 1, annule: 0 },
    total: 3,
    reports: 2,
    // a: 3 h from payment to report, b: 3 h.
    averageSecondsToReport: 3 * 3600,
  });
  // Figures come from the counters, not from the requests: a request written behind the service's back changes nothing.
  await db().collection(COLLECTIONS.verifications).doc('written-directly').set({ ...(await request(a.id)), statut: 'accepte' });
  expect((await get(admin, '/api/verification/admin/stats')).body.data.byStatus.accepte).toBe(0);
  await db().collection(COLLECTIONS.verifications).doc('written-directly').delete();

  const page = await get(admin, '/api/verification/admin/requests?limit=2');
  expect(page.body.data.map((item: { id: string }) => item.id)).toEqual([c.id, b.id]);
  expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
  expect((await get(admin, `/api/verification/admin/requests?acheteur=${b.buyer.uid}&statut=refuse`)).body.data.map((item: { id: string }) => item.id)).toEqual([b.id]);
  expect((await get(admin, '/api/verification/admin/requests?statut=en_cours')).body.data.map((item: { id: string }) => item.id)).toEqual([c.id]);
  expect((await get(admin, '/api/verification/admin/requests?from=2026-11-20&to=2026-11-20')).body.pagination.total).toBe(3);
  expect((await get(admin, '/api/verification/admin/requests?from=2026-11-21')).body.pagination.total).toBe(0);
  expect((await get(admin, '/api/verification/admin/requests?to=2026-11-19')).body.pagination.total).toBe(0);
});
