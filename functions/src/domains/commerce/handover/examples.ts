/**
 * The commerce domain's example steps of the fair exchange (core/examples/walk.ts; DOMAIN.md,
 * "Fair exchange"): sales paid and handed over in person (the seller's code entry, the buyer's
 * "received"), a purchase an admin cancels before its handover, disputes after a handover
 * (answered, with a photo; another withdrawn; the demo's own taken and decided by an admin), and
 * the stale handovers' list.
 */
import { JPEG, orderPart, payByMobileMoney, sleep } from '../../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../../core/examples/walk';

/** The demo's open dispute (seed-demo-exchange.ts): the demo buyer's fourth order, received then disputed. */
const DEMO_DISPUTE = 'commande_demo-commandes-4';

/**
 * The buyer's handover code of a sale, once its payment's effect (a subscriber of the payment's
 * success, a moment after it settles) made it `paid` and drew the code: undefined after 3 s.
 */
async function codeOnceFor(read: () => Promise<string | null | undefined>): Promise<string | undefined> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const code = await read();
    if (code) return code;
    await sleep(100);
  }
  return undefined;
}

/** A vehicle the demo seller lists for the walk, bought and paid by the demo buyer without a courier: the purchase's id and its handover code. */
async function paidPurchase(recorder: ExampleRecorder, titre: string, prix: number): Promise<{ id: string; code: string | undefined } | undefined> {
  const listing = (await recorder.call('POST /api/articles', 'vendeur', { body: { type: 'voiture', titre, prix, pays: 'BJ', ville: 'Cotonou' }, quiet: true })).body?.data?.id as string | undefined;
  if (!listing) return undefined;
  const id = (await recorder.call('POST /api/achat', 'acheteur', { body: { articleId: listing, modeLivraison: 'consommation' }, quiet: true })).body?.data?.id as string | undefined;
  if (!id) return undefined;
  await payByMobileMoney(recorder, 'acheteur', 'achat', prix, { achatId: id });
  const code = await codeOnceFor(async () => {
    const mine = ((await recorder.call('GET /api/achat/mine', 'acheteur', { query: { page: '1', limit: '10' }, quiet: true })).body?.data ?? []) as Array<{ id: string; codeRemise: string | null }>;
    return mine.find((achat) => achat.id === id)?.codeRemise;
  });
  return { id, code };
}

/** An order of the demo part without delivery, paid: its id and its buyer's handover code. */
async function paidOrder(recorder: ExampleRecorder, part: string): Promise<{ id: string; code: string | undefined } | undefined> {
  const order = await orderPart(recorder, part, false);
  if (!order) return undefined;
  await payByMobileMoney(recorder, 'acheteur', 'commande', order.total, { commandeId: order.id });
  const code = await codeOnceFor(async () => (await recorder.call('GET /api/orders/{id}', 'acheteur', { params: { id: order.id }, quiet: true })).body?.data?.codeRemise as string | undefined);
  return { id: order.id, code };
}

async function fairExchange(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  // The demo's open dispute (seed-demo-exchange.ts), as its buyer reads it: on npm start it answers the same.
  await call('GET /api/litiges/{id}', 'acheteur', { params: { id: DEMO_DISPUTE } });
  const part = context.ids.part;
  if (part) {
    // Handed over against the buyer's code, then disputed: answered, evidenced, taken and decided.
    const first = await paidOrder(recorder, part);
    if (first?.code) {
      await call('POST /api/orders/{id}/handover', 'vendeur', { params: { id: first.id }, body: { code: first.code } });
      const opened = await call('POST /api/litiges', 'acheteur', { body: { vente: { kind: 'commande', id: first.id }, motif: 'non_conforme', texte: 'L’alternateur reçu est celui d’une Yaris, pas d’une Corolla.' } });
      const dispute = opened.body?.data?.id as string | undefined;
      if (dispute) {
        await call('GET /api/litiges/mine', 'vendeur', { query: { page: '1', limit: '10' } });
        await call('GET /api/litiges/{id}', 'acheteur', { params: { id: dispute } });
        await call('POST /api/litiges/{id}/reponse', 'vendeur', { params: { id: dispute }, body: { texte: 'La référence livrée est celle de l’annonce, photo de l’étiquette à l’appui.' } });
        const photo = await call('POST /api/litiges/{id}/preuves', 'acheteur', { params: { id: dispute }, file: { contentType: 'image/jpeg', data: JPEG } });
        const fichier = photo.body?.data?.fichier as string | undefined;
        if (fichier) await call('GET /api/litiges/{id}/preuves/{fichier}', 'vendeur', { params: { id: dispute, fichier } });
        await call('GET /api/admin/litiges', 'admin', { query: { page: '1', limit: '10', statut: 'ouvert' } });
      }
    }
    // Received in person, as the buyer says; a dispute of it opened, then withdrawn.
    const second = await paidOrder(recorder, part);
    if (second?.code) {
      await call('POST /api/orders/{id}/received', 'acheteur', { params: { id: second.id } });
      const opened = await call('POST /api/litiges', 'acheteur', { body: { vente: { kind: 'commande', id: second.id }, motif: 'endommage', texte: 'Le boîtier est fendu sur le côté gauche.' }, quiet: true });
      const dispute = opened.body?.data?.id as string | undefined;
      if (dispute) await call('POST /api/litiges/{id}/retrait', 'acheteur', { params: { id: dispute }, body: { raison: 'Le vendeur a échangé la pièce.' } });
    }
  }

  // Vehicles: handed over against the code, received by the buyer, cancelled by an admin before the handover.
  const coded = await paidPurchase(recorder, 'Nissan Almera 2009', 2_100_000);
  if (coded?.code) {
    await call('GET /api/achat/sales', 'vendeur', { query: { page: '1', limit: '10' } });
    await call('POST /api/achat/{id}/handover', 'vendeur', { params: { id: coded.id }, body: { code: coded.code } });
  }
  const received = await paidPurchase(recorder, 'Kia Picanto 2014', 2_600_000);
  if (received?.code) await call('POST /api/achat/{id}/received', 'acheteur', { params: { id: received.id } });
  const cancelled = await paidPurchase(recorder, 'Mazda 323 2003', 1_400_000);
  if (cancelled?.code) await call('POST /api/achat/admin/{id}/status', 'admin', { params: { id: cancelled.id }, body: { statut: 'annulee', reason: 'Le vendeur ne peut plus remettre le véhicule.' } });
  await call('GET /api/admin/remises-en-retard', 'admin', { query: { page: '1', limit: '10', vente: 'commande' } });

  // The demo's open dispute, taken and decided by the demo admin: on npm start the same two requests work once, in this order.
  await call('POST /api/admin/litiges/{id}/prise', 'admin', { params: { id: DEMO_DISPUTE }, body: {} });
  await call('POST /api/admin/litiges/{id}/decision', 'admin', {
    params: { id: DEMO_DISPUTE },
    body: { decision: 'rembourse', montant: 40_000, motif: 'Pièce d’un autre modèle : remboursement partiel, la pièce reste utilisable.' },
  });
}

export const steps: ExampleSteps = { fairExchange };
