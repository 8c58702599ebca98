/**
 * Private files kept before the register of stored documents existed: the one-off backfill enters
 * forwarders' cards of submitted files and stores and registers invoices' PDFs, once.
 */
import { fileStorage } from '../../functions/src/adapters/storage/storage';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { backfillInvoicePdfs } from '../../functions/src/domains/commerce/invoices/backfill';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { backfillIdentityCards } from '../../functions/src/domains/transit/forwarder-file/backfill';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { uploadCard } from '../helpers/transit';

beforeAll(resetEmulators);

const register = () => db().collection(COLLECTIONS.storedDocuments);

it('registers the cards of files submitted before, and the PDFs of invoices issued before, once', async () => {
  const [forwarder, admin, seller, buyer] = [await createUser('transitaire'), await createUser('admin'), await createUser('vendeur'), await createUser('acheteur')];
  const client = await api();
  const file = { cardFront: await uploadCard(forwarder), cardBack: await uploadCard(forwarder), companyName: 'Lagune Transit', registrationRef: 'RB/COT/25 B 7', pays: 'BJ', adresse: 'Cotonou' };
  expect((await client.post('/api/transitaires/verification/submit').set(bearer(forwarder.token)).send(file)).status).toBe(200);
  const part = await publish(seller, { type: 'piece', titre: 'Courroie', prix: 3_000, stock: 2, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
  const order = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: part.id, quantite: 1 }], livraison: false });
  await onOrderPaid(order.body.data.id, `pay-${order.body.data.id}`);
  const invoiceId = `commande_${order.body.data.id}`;

  // As a version before the register left them: no entries, no stored PDF.
  for (const doc of (await register().get()).docs) await doc.ref.delete();
  await db().collection(COLLECTIONS.invoices).doc(invoiceId).update({ pdf: null });
  await (await fileStorage()).delete(`factures/${invoiceId}.pdf`);
  const view = await client.get(`/api/transitaires/verification/admin/demandes/${forwarder.uid}`).set(bearer(admin.token));
  expect((await client.get(view.body.data.cardLinks.cardFront)).body.code).toBe('FILE_NOT_FOUND');

  expect(await backfillIdentityCards(1)).toEqual({ read: 1, registered: 1 });
  expect(await backfillInvoicePdfs(1)).toEqual({ read: 1, stored: 1 });
  const entries = (await register().get()).docs.map((doc) => [doc.get('kind'), doc.get('owner'), doc.get('path')]);
  expect(entries.sort()).toEqual(
    [
      ['facture', buyer.uid, `factures/${invoiceId}.pdf`],
      ['identite_transitaire', forwarder.uid, file.cardBack],
      ['identite_transitaire', forwarder.uid, file.cardFront],
    ].sort(),
  );
  expect(await (await fileStorage()).exists(`factures/${invoiceId}.pdf`)).toBe(true);
  expect((await client.get(view.body.data.cardLinks.cardFront)).status).toBe(200);

  // Again: nothing more.
  expect(await backfillIdentityCards()).toEqual({ read: 1, registered: 0 });
  expect(await backfillInvoicePdfs()).toEqual({ read: 1, stored: 0 });
  expect((await register().get()).size).toBe(3);
});
