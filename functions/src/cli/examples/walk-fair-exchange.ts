/**
 * Steps of the walk for the fair exchange (DOMAIN.md, "Fair exchange"): sales paid and handed over
 * in person (the seller's code entry, the buyer's "received"), a purchase an admin cancels before
 * its handover, disputes after a handover (answered, with a photo, taken and decided by an admin;
 * another withdrawn), and the stale handovers' list.
 */
import type { Recorder } from './recorder';
import { JPEG, orderPart, payByMobileMoney } from './walk-helpers';
import type { WalkContext } from './walk-flows';

/** A vehicle the demo seller lists for the walk, bought and paid by the demo buyer without a courier: the purchase's id. */
async function paidPurchase(recorder: Recorder, titre: string, prix: number): Promise<string | undefined> {
  const listing = (await recorder.call('POST /api/articles', 'vendeur', { body: { type: 'voiture', titre, prix, pays: 'BJ', ville: 'Cotonou' }, quiet: true })).body?.data?.id as string | undefined;
  if (!listing) return undefined;
  const achat = (await recorder.call('POST /api/achat', 'acheteur', { body: { articleId: listing, modeLivraison: 'consommation' }, quiet: true })).body?.data?.id as string | undefined;
  if (achat) await payByMobileMoney(recorder, 'acheteur', 'achat', prix, { achatId: achat });
  return achat;
}

/** An order of the demo part without delivery, paid: its id and its buyer's handover code. */
async function paidOrder(recorder: Recorder, part: string): Promise<{ id: string; code: string | undefined } | undefined> {
  const order = await orderPart(recorder, part, false);
  if (!order) return undefined;
  await payByMobileMoney(recorder, 'acheteur', 'commande', order.total, { commandeId: order.id });
  const read = await recorder.call('GET /api/orders/{id}', 'acheteur', { params: { id: order.id }, quiet: true });
  return { id: order.id, code: read.body?.data?.codeRemise as string | undefined };
}

export async function walkFairExchange(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
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
        await call('POST /api/admin/litiges/{id}/prise', 'admin', { params: { id: dispute }, body: {} });
        await call('POST /api/admin/litiges/{id}/decision', 'admin', { params: { id: dispute }, body: { decision: 'rembourse', montant: 40_000, motif: 'Pièce d’un autre modèle : remboursement partiel, la pièce reste utilisable.' } });
      }
    }
    // Received in person, as the buyer says; a dispute of it opened, then withdrawn.
    const second = await paidOrder(recorder, part);
    if (second) {
      await call('POST /api/orders/{id}/received', 'acheteur', { params: { id: second.id } });
      const opened = await call('POST /api/litiges', 'acheteur', { body: { vente: { kind: 'commande', id: second.id }, motif: 'endommage', texte: 'Le boîtier est fendu sur le côté gauche.' }, quiet: true });
      const dispute = opened.body?.data?.id as string | undefined;
      if (dispute) await call('POST /api/litiges/{id}/retrait', 'acheteur', { params: { id: dispute }, body: { raison: 'Le vendeur a échangé la pièce.' } });
    }
  }

  // Vehicles: handed over against the code, received by the buyer, cancelled by an admin before the handover.
  const coded = await paidPurchase(recorder, 'Nissan Almera 2009', 2_100_000);
  if (coded) {
    await call('GET /api/achat/sales', 'vendeur', { query: { page: '1', limit: '10' } });
    const mine = ((await call('GET /api/achat/mine', 'acheteur', { query: { page: '1', limit: '10' }, quiet: true })).body?.data ?? []) as Array<{ id: string; codeRemise: string | null }>;
    const code = mine.find((achat) => achat.id === coded)?.codeRemise;
    if (code) await call('POST /api/achat/{id}/handover', 'vendeur', { params: { id: coded }, body: { code } });
  }
  const received = await paidPurchase(recorder, 'Kia Picanto 2014', 2_600_000);
  if (received) await call('POST /api/achat/{id}/received', 'acheteur', { params: { id: received } });
  const cancelled = await paidPurchase(recorder, 'Mazda 323 2003', 1_400_000);
  if (cancelled) await call('POST /api/achat/admin/{id}/status', 'admin', { params: { id: cancelled }, body: { statut: 'annulee', reason: 'Le vendeur ne peut plus remettre le véhicule.' } });
  await call('GET /api/admin/remises-en-retard', 'admin', { query: { page: '1', limit: '10', vente: 'commande' } });
}
