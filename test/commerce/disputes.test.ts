/**
 * Disputes (DOMAIN.md, "Disputes"): "After a proof of handover the buyer's disagreement opens a
 * dispute, never a refund"; "`ouvert` -> `en_examen` (an admin takes it) -> `rembourse` (full or
 * partial amount, the rest released) | `libere`; `retire` by the buyer before a decision"; "The seller
 * answers within DISPUTE_ANSWER_DAYS; an admin decides within DISPUTE_DECISION_DAYS, or it is escalated
 * to `principal`"; "Deciding a refund is a money action: graded and audited"; "The money stays held
 * while the dispute is open"; "within the dispute window after the handover, once per sale".
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { escalateLateDisputes } from '../../functions/src/domains/commerce/disputes/escalation';
import { shareOf } from '../../functions/src/domains/commerce/disputes/decide';
import { DISPUTE_EVENTS, DISPUTE_STATUSES, DISPUTE_TRANSITIONS } from '../../functions/src/domains/commerce/disputes/state';
import { recordUpload } from '../../functions/src/domains/catalog/uploads/ledger';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { couriersAt, deliveryDoc, entriesOf, GRAND_COTONOU, offline, paidAchat } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { drainEvents, pay, reconcileNow } from '../helpers/money';
import { frozenClock, resetClock, restoreSettings } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

useFeexPaySandbox();
let principal: TestUser;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;

const SHOP = { latitude: 6.36, longitude: 2.4 };
const ADDRESS = { ville: 'Cotonou', details: 'Akpakpa', position: { latitude: 6.37, longitude: 2.45 } };

beforeAll(async () => {
  await resetEmulators();
  [principal, admin, seller, buyer] = await Promise.all([createUser('principal'), createUser('admin'), createUser('vendeur'), createUser('acheteur')]);
  expect((await (await api()).post('/api/delivery-zones').set(bearer(principal.token)).send(GRAND_COTONOU)).status).toBe(201);
});
afterEach(() => {
  resetClock();
  restoreSettings();
});

const post = async (user: TestUser, path: string, body: Record<string, unknown> = {}) => (await api()).post(path).set(bearer(user.token)).send(body);
const get = async (user: TestUser, path: string) => (await api()).get(path).set(bearer(user.token));
const ofSale = async (uid: string, reference: string) => (await entriesOf(uid)).filter((entry) => entry.reference === reference).map((entry) => [entry.type, entry.montant]);
const refundOf = async (paymentId: string) => (await db().collection(COLLECTIONS.payments).doc(paymentId).get()).get('refund');
const part = (prix: number) => publish(seller, { type: 'piece', titre: 'Pompe à eau Corolla', prix, stock: 10, localisation: SHOP, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
const open = (kind: 'commande' | 'achat', id: string, who = buyer) => post(who, '/api/litiges', { vente: { kind, id }, motif: 'non_conforme', texte: 'La pièce reçue ne correspond pas à l’annonce.' });

/** An order of one part without delivery, paid; with `handedOver`, handed over against the buyer's code (its money released). */
async function order(prix: number, handedOver: boolean) {
  const p = await part(prix);
  const placed = await post(buyer, '/api/orders', { items: [{ articleId: p.id, quantite: 1 }], livraison: false });
  const paymentId = await pay(principal, buyer, 'commande', prix, { commandeId: placed.body.data.id });
  const id = placed.body.data.id as string;
  if (handedOver) {
    const code = (await get(buyer, `/api/orders/${id}`)).body.data.codeRemise as string;
    expect((await post(seller, `/api/orders/${id}/handover`, { code })).status).toBe(200);
    await drainEvents();
  }
  return { id, paymentId };
}

/** An order of one part with delivery, paid, collected, proved by the courier's photo (in its window, the money held). */
async function provedByPhoto(prix: number) {
  const p = await part(prix);
  const placed = await post(buyer, '/api/orders', { items: [{ articleId: p.id, quantite: 1 }], livraison: true, adresseLivraison: ADDRESS });
  const [courier] = await couriersAt(1);
  const paymentId = await pay(principal, buyer, 'commande', placed.body.data.total, { commandeId: placed.body.data.id });
  await drainEvents();
  const deliveryId = `order_${placed.body.data.id}`;
  expect((await post(courier, `/api/deliveries/${deliveryId}/accept`)).status).toBe(200);
  await offline(courier);
  expect((await post(seller, `/api/deliveries/${deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
  const photo = `preuves/${deliveryId}/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
  await recordUpload(courier.uid, photo, 1000);
  expect((await post(courier, `/api/deliveries/${deliveryId}/delivered`, { photo })).status).toBe(200);
  return { id: placed.body.data.id as string, paymentId, deliveryId, courier, total: placed.body.data.total as number };
}

it('moves disputes as DOMAIN.md says, and nowhere else', () => {
  walk(DISPUTE_TRANSITIONS, DISPUTE_STATUSES, DISPUTE_EVENTS, {
    'ouvert --take-->': 'en_examen',
    'ouvert --withdraw-->': 'retire',
    'en_examen --refund-->': 'rembourse',
    'en_examen --release-->': 'libere',
    'en_examen --withdraw-->': 'retire',
  });
});

it('shares a refund between an order’s sellers in proportion to their lines, to the franc', () => {
  const sale = (gross: number) => ({ paymentId: 'p', vendeur: `v${gross}`, reference: 'o', feeReference: 'o', gross, description: 'x' });
  expect(shareOf(1000, [sale(3000), sale(1000)])).toEqual([750, 250]);
  expect(shareOf(1001, [sale(1000), sale(1000), sale(1000)]).reduce((a, b) => a + b, 0)).toBe(1001);
  expect(shareOf(0, [sale(5)])).toEqual([0]);
});

describe('opening', () => {
  it('needs a proof of handover, within the window, once per sale, by the sale’s buyer only', async () => {
    const waiting = await order(10_000, false);
    const early = await open('commande', waiting.id);
    expect([early.status, early.body.code]).toEqual([409, 'DISPUTE_NO_HANDOVER']);
    expect(await refundOf(waiting.paymentId)).toBeUndefined();

    const sale = await order(12_000, true);
    const stranger = await createUser('acheteur');
    expect((await open('commande', sale.id, stranger)).body.code).toBe('ORDER_NOT_FOUND');
    expect((await post(seller, '/api/litiges', { vente: { kind: 'commande', id: sale.id }, motif: 'autre', texte: 'Je conteste ma propre vente.' })).status).toBe(403);
    expect((await post(buyer, '/api/litiges', { vente: { kind: 'commande', id: sale.id }, motif: 'perdu', texte: 'Motif inconnu ici.' })).status).toBe(400);
    expect((await post(buyer, '/api/litiges', { vente: { kind: 'commande', id: '../x' }, motif: 'autre', texte: 'Un identifiant qui n’en est pas un.' })).status).toBe(400);
    expect((await post(buyer, '/api/litiges', { vente: { kind: 'commande', id: sale.id }, motif: 'autre', texte: 'court' })).status).toBe(400);
    // Two at once: one dispute.
    const both = await Promise.all([open('commande', sale.id), open('commande', sale.id)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.status === 409)?.body.code).toBe('DISPUTE_ALREADY_OPENED');
    const dispute = both.find((answer) => answer.status === 201)!.body.data;
    expect(dispute).toMatchObject({ id: `commande_${sale.id}`, statut: 'ouvert', remise: { par: 'en_personne' }, fondsLiberes: true, montantVente: 12_000, vendeurs: [seller.uid] });
    expect((await get(buyer, `/api/orders/${sale.id}`)).body.data.litige).toBe(dispute.id);

    // Past the window after the handover: too late.
    const late = await order(9_000, true);
    const move = frozenClock(new Date());
    move(48 * 3600 * 1000 + 60_000);
    expect((await open('commande', late.id)).body.code).toBe('DISPUTE_WINDOW_CLOSED');
  });
});

describe('after a handover by code (the money released): answered, evidenced, decided against the seller’s balance', () => {
  it('the seller answers once, each side adds photos, an admin takes it; graded powers; a partial refund is taken from the seller’s balance, marked, audited, told', async () => {
    const sale = await order(80_000, true);
    expect(await ofSale(seller.uid, sale.id)).toEqual(expect.arrayContaining([['vente', 76_000]]));
    const id = (await open('commande', sale.id)).body.data.id as string;
    await drainEvents();
    const told = async (user: TestUser) => ((await get(user, '/api/notifications?limit=100')).body.data as Array<{ type: string; resource: { id: string } | null }>).filter((notice) => notice.resource?.id === id).map((notice) => notice.type);
    expect(await told(seller)).toEqual(['dispute_opened']);

    // Who reads it: its parties and admins.
    const stranger = await createUser('vendeur');
    expect((await get(stranger, `/api/litiges/${id}`)).body.code).toBe('DISPUTE_NOT_FOUND');
    expect((await get(seller, '/api/litiges/mine')).body.data.map((item: { id: string }) => item.id)).toContain(id);
    expect((await post(stranger, `/api/litiges/${id}/reponse`, { texte: 'Je ne suis pas le vendeur de cette pièce.' })).body.code).toBe('DISPUTE_NOT_FOUND');
    expect((await post(seller, `/api/litiges/${id}/reponse`, { texte: 'Pièce conforme, photo de l’étiquette jointe.' })).body.data.reponseVendeur).toMatchObject({ by: seller.uid });
    expect((await post(seller, `/api/litiges/${id}/reponse`, { texte: 'Une deuxième réponse refusée.' })).body.code).toBe('DISPUTE_ANSWER_CLOSED');
    const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
    const photo = await (await api()).post(`/api/litiges/${id}/preuves`).set(bearer(buyer.token)).set('Content-Type', 'application/octet-stream').send(JPEG);
    expect(photo.status).toBe(201);
    const fichier = photo.body.data.fichier as string;
    expect((await get(seller, `/api/litiges/${id}`)).body.data.preuves.acheteur).toEqual([fichier]);
    expect((await get(seller, `/api/litiges/${id}/preuves/${fichier}`)).status).toBe(200);
    expect((await get(stranger, `/api/litiges/${id}/preuves/${fichier}`)).status).toBe(404);

    // Deciding needs taking first; then only the admin who took it, or a principal.
    expect((await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'libere', motif: 'Conforme' })).body.code).toBe('INVALID_TRANSITION');
    expect((await post(seller, `/api/admin/litiges/${id}/prise`)).status).toBe(403);
    expect((await post(admin, `/api/admin/litiges/${id}/prise`)).body.data).toMatchObject({ statut: 'en_examen', admin: admin.uid });
    const gestionnaire = await createUser('gestionnaire');
    const notTheirs = await post(gestionnaire, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 10_000, motif: 'Pièce d’un autre modèle' });
    expect([notTheirs.status, notTheirs.body.code]).toEqual([403, 'DISPUTE_DECISION_FORBIDDEN']);
    expect((await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 80_001, motif: 'Trop' })).body.code).toBe('DISPUTE_AMOUNT_TOO_HIGH');
    expect((await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'libere', montant: 5, motif: 'Mal formé' })).status).toBe(400);
    expect((await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 0, motif: 'Rien' })).status).toBe(400);

    // Two decisions at once: one.
    const decided = await Promise.all([
      post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 30_000, motif: 'Pièce d’un autre modèle : remboursement partiel' }),
      post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'libere', motif: 'Conforme' }),
    ]);
    expect(decided.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = decided.find((answer) => answer.status === 200)!.body.data;
    await drainEvents();
    if (winner.statut === 'rembourse') {
      expect(await refundOf(sale.paymentId)).toMatchObject({ montant: 30_000, reason: expect.stringContaining(id) });
      expect(await ofSale(seller.uid, `litige_${id}`)).toEqual([['reprise', -30_000]]);
    } else {
      expect(await refundOf(sale.paymentId)).toBeUndefined();
    }
    expect((await get(buyer, `/api/orders/${sale.id}`)).body.data.litige).toBeNull();
    const audited = await db().collection(COLLECTIONS.auditTrail).where('target.id', '==', id).get();
    expect(audited.docs.map((doc) => doc.get('action')).sort()).toEqual(['dispute.assigned', 'dispute.decided']);
    expect(await told(buyer)).toEqual(expect.arrayContaining(['dispute_under_review', 'dispute_decided']));
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('a refund above DISPUTE_ADMIN_MAX_XOF, or of an escalated dispute, is a principal’s decision', async () => {
    const big = await order(600_000, true);
    const id = (await open('commande', big.id)).body.data.id as string;
    await post(admin, `/api/admin/litiges/${id}/prise`);
    const tooBig = await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 550_000, motif: 'Moteur hors service' });
    expect([tooBig.status, tooBig.body.code]).toEqual([403, 'DISPUTE_DECISION_FORBIDDEN']);

    // Past DISPUTE_DECISION_DAYS: escalated once, its parties and the admin told; then only principal and superAdmin decide.
    const move = frozenClock(new Date());
    move(5 * 24 * 3600 * 1000 + 60_000);
    expect((await escalateLateDisputes()).escalated).toBeGreaterThanOrEqual(1);
    expect(await escalateLateDisputes()).toEqual({ escalated: 0 });
    await drainEvents();
    expect((await get(admin, `/api/litiges/${id}`)).body.data).toMatchObject({ escalade: true });
    expect((await get(admin, '/api/admin/litiges?escalade=true')).body.data.map((item: { id: string }) => item.id)).toContain(id);
    const small = await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'libere', motif: 'Conforme' });
    expect(small.body.code).toBe('DISPUTE_DECISION_FORBIDDEN');
    const byPrincipal = await post(principal, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 550_000, motif: 'Moteur hors service, constaté' });
    expect(byPrincipal.body.data).toMatchObject({ statut: 'rembourse', decision: { montantRembourse: 550_000, by: principal.uid } });
    expect(await refundOf(big.paymentId)).toMatchObject({ montant: 550_000 });
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('after the courier’s photo (the money held): the delivery waits for the decision', () => {
  it('a partial refund takes the held price back, credits the rest net of the fee, closes the delivery livre (the courier paid for its trip), once', async () => {
    const sale = await provedByPhoto(50_000);
    const opened = await open('commande', sale.id);
    expect(opened.body.data).toMatchObject({ remise: { par: 'photo' }, fondsLiberes: false, livreur: sale.courier.uid, preuves: { photoLivreur: true, livraisonId: sale.deliveryId } });
    const id = opened.body.data.id as string;
    await drainEvents();
    // The courier is a party: it reads the dispute about its photo.
    expect((await get(sale.courier, `/api/litiges/${id}`)).status).toBe(200);
    expect(await deliveryDoc(sale.deliveryId)).toMatchObject({ statut: 'en_cours', enLitige: true, autoCloseAt: null });
    expect(await ofSale(seller.uid, sale.id)).toEqual([['vente_retenue', 50_000]]);
    await post(principal, `/api/admin/litiges/${id}/prise`);
    const decided = await post(principal, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 20_000, motif: 'Carton abîmé, pièce utilisable' });
    expect(decided.body.data.statut).toBe('rembourse');
    await drainEvents();
    // 30,000 kept by the seller, less the delivery settings' 10 % seller commission.
    expect((await ofSale(seller.uid, sale.id)).sort()).toEqual(
      [
        ['retenue_reprise', -50_000],
        ['vente', 27_000],
        ['vente_retenue', 50_000],
      ].sort(),
    );
    expect(await refundOf(sale.paymentId)).toMatchObject({ montant: 20_000 });
    expect(await deliveryDoc(sale.deliveryId)).toMatchObject({ statut: 'livre', enLitige: false });
    expect((await entriesOf(sale.courier.uid)).map((entry) => entry.type)).toEqual(['gain_livraison']);
    expect((await get(buyer, `/api/orders/${sale.id}`)).body.data.statut).toBe('delivered');
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('the buyer withdraws: its silence counts again until the end of its window, then the seller is paid', async () => {
    const sale = await provedByPhoto(15_000);
    const id = (await open('commande', sale.id)).body.data.id as string;
    await drainEvents();
    expect((await post(seller, `/api/litiges/${id}/retrait`)).status).toBe(403);
    const withdrawn = await post(buyer, `/api/litiges/${id}/retrait`, { raison: 'Colis retrouvé chez le voisin' });
    expect(withdrawn.body.data.statut).toBe('retire');
    expect((await post(buyer, `/api/litiges/${id}/retrait`)).body.code).toBe('INVALID_TRANSITION');
    await drainEvents();
    const delivery = await deliveryDoc(sale.deliveryId);
    expect(delivery).toMatchObject({ statut: 'en_cours', enLitige: false });
    expect(delivery?.autoCloseAt.toMillis() - delivery?.preuve.at.toMillis()).toBe(48 * 3600 * 1000);
    // Once per sale: withdrawn is final.
    expect((await open('commande', sale.id)).body.code).toBe('DISPUTE_ALREADY_OPENED');
  });

  it('the buyer’s "not received" on a delivery after the photo is a dispute of the sale too', async () => {
    const sale = await provedByPhoto(11_000);
    expect((await post(buyer, `/api/deliveries/${sale.deliveryId}/dispute`, { reason: 'Rien reçu à cette adresse' })).status).toBe(200);
    await drainEvents();
    expect((await get(buyer, `/api/litiges/commande_${sale.id}`)).body.data).toMatchObject({ motif: 'non_recu', statut: 'ouvert', remise: { par: 'photo' } });
  });
});

describe('purchases', () => {
  it('a vehicle handed over in person, then disputed: the release waits for nothing, the decision releases nothing more (libere)', async () => {
    const listing = await publish(seller, { prix: 900_000 });
    const achat = (await post(buyer, '/api/achat', { articleId: listing.id, modeLivraison: 'consommation' })).body.data.id as string;
    const paymentId = await pay(principal, buyer, 'achat', 900_000, { achatId: achat });
    expect((await open('achat', achat)).body.code).toBe('DISPUTE_NO_HANDOVER');
    expect((await post(buyer, `/api/achat/${achat}/received`)).status).toBe(200);
    await drainEvents();
    const id = (await open('achat', achat)).body.data.id as string;
    expect((await get(buyer, '/api/achat/mine?limit=50')).body.data.find((item: { id: string }) => item.id === achat).litige).toBe(id);
    await post(admin, `/api/admin/litiges/${id}/prise`);
    expect((await post(admin, `/api/admin/litiges/${id}/decision`, { decision: 'libere', motif: 'Véhicule conforme à l’annonce' })).body.data.statut).toBe('libere');
    await drainEvents();
    expect(await ofSale(seller.uid, achat)).toEqual(expect.arrayContaining([['vente', 900_000 - 45_000]]));
    expect(await refundOf(paymentId)).toBeUndefined();
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('a vehicle a courier carried, disputed after the photo and refunded in part: the rest pays the seller-gain fee, as its release would', async () => {
    // Logistics guide: "An order's sellers pay the delivery settings' commissionVendeurPct ...; a purchase's seller the seller-gain tiers."
    const [courier] = await couriersAt(1);
    const sale = await paidAchat(buyer, seller, 600_000);
    expect((await post(courier, `/api/deliveries/${sale.deliveryId}/accept`)).status).toBe(200);
    await offline(courier);
    expect((await post(seller, `/api/deliveries/${sale.deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
    const photo = `preuves/${sale.deliveryId}/7c9e6679-7425-40de-944b-e07fc1f90ae7.jpg`;
    await recordUpload(courier.uid, photo, 1000);
    expect((await post(courier, `/api/deliveries/${sale.deliveryId}/delivered`, { photo })).status).toBe(200);
    const id = (await open('achat', sale.achatId)).body.data.id as string;
    await post(principal, `/api/admin/litiges/${id}/prise`);
    expect((await post(principal, `/api/admin/litiges/${id}/decision`, { decision: 'rembourse', montant: 100_000, motif: 'Rayure non signalée' })).body.data.statut).toBe('rembourse');
    await drainEvents();
    // 500,000 kept: 5 % of it (the seller-gain tier up to 1,000,000), not the delivery commission's 10 %.
    expect(await ofSale(seller.uid, sale.achatId)).toEqual(expect.arrayContaining([['vente', 475_000]]));
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});
