/**
 * Steps of the walk for delivery zones, couriers and deliveries: the demo buyer's delivered orders
 * of the demo part, each paid by mobile money, taken by the demo courier down each of a delivery's
 * ways (handed over and confirmed, refused at the door and returned, cancelled, disputed), and the
 * admin's hand on them.
 */
import type { Recorder } from './recorder';
import { orderPart, payByMobileMoney } from './walk-commerce';
import type { WalkContext } from './walk-flows';

/** Near the Dantokpa market, Cotonou (seed-demo's courier position). */
const DANTOKPA = { latitude: 6.3725, longitude: 2.4307 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A paid, delivered order of the demo part, and the delivery its payment opened. */
async function paidDelivery(recorder: Recorder, part: string): Promise<string | undefined> {
  const order = await orderPart(recorder, part, true);
  if (!order) return undefined;
  await payByMobileMoney(recorder, 'acheteur', 'commande', order.total, { commandeId: order.id });
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const list = await recorder.call('GET /api/deliveries', 'acheteur', { query: { page: '1', limit: '10' }, quiet: true });
    const found = (list.body?.data ?? []).find((delivery: { commandeId?: string; orderId?: string; sourceId?: string }) =>
      [delivery.commandeId, delivery.orderId, delivery.sourceId].includes(order.id),
    ) as { id: string } | undefined;
    if (found) return found.id;
    await sleep(100);
  }
  return undefined;
}

/** The six-digit code the buyer gives the courier, as the buyer's app shows it. */
function codeIn(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [name, inner] of Object.entries(value)) {
    if (/code/i.test(name) && typeof inner === 'string' && /^\d{6}$/.test(inner)) return inner;
    const found = codeIn(inner);
    if (found) return found;
  }
  return undefined;
}

export async function walkLogistics(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('POST /api/delivery-zones/lookup', 'acheteur', { body: DANTOKPA });
  await call('POST /api/delivery-zones/quote', 'acheteur', { body: { pickups: [DANTOKPA], destination: { latitude: 6.359, longitude: 2.433 } } });
  const zone = await call('POST /api/delivery-zones', 'admin', {
    body: {
      nom: 'Porto-Novo centre',
      polygon: [
        { latitude: 6.47, longitude: 2.6 },
        { latitude: 6.47, longitude: 2.65 },
        { latitude: 6.51, longitude: 2.65 },
        { latitude: 6.51, longitude: 2.6 },
      ],
      prixParKm: 150,
      fraisMin: 500,
      fraisMax: 3000,
      villes: ['Porto-Novo'],
      actif: false,
    },
  });
  const zoneId = zone.body?.data?.id as string | undefined;
  if (zoneId) {
    await call('PATCH /api/delivery-zones/{id}', 'admin', { params: { id: zoneId }, body: { fraisMax: 3500 } });
    await call('DELETE /api/delivery-zones/{id}', 'admin', { params: { id: zoneId } });
  }
  await call('PUT /api/livreurs/me/status', 'livreur', { body: { online: true, position: DANTOKPA } });
  await call('POST /api/livreurs/me/location', 'livreur', { body: DANTOKPA });

  const part = context.ids.part;
  if (!part) return;
  const sellerUid = context.uids.vendeur;

  // Handed over and confirmed: declined first, relaunched by the admin, accepted, picked up, delivered.
  const first = await paidDelivery(recorder, part);
  if (first) {
    await call('GET /api/deliveries/{id}', 'livreur', { params: { id: first } });
    await call('POST /api/deliveries/{id}/decline', 'livreur', { params: { id: first } });
    await call('POST /api/deliveries/{id}/admin/relaunch', 'admin', { params: { id: first } });
    await call('POST /api/deliveries/{id}/accept', 'livreur', { params: { id: first } });
    await call('POST /api/deliveries/{id}/pickups/{vendeur}/confirm', 'livreur', { params: { id: first, vendeur: sellerUid } });
    const code = codeIn((await call('GET /api/deliveries/{id}', 'acheteur', { params: { id: first } })).body?.data);
    await call('POST /api/deliveries/{id}/delivered', 'livreur', { params: { id: first }, body: code ? { code } : {} });
    await call('POST /api/deliveries/{id}/confirm', 'acheteur', { params: { id: first } });
  }
  // Refused at the door, brought back to the seller.
  const second = await paidDelivery(recorder, part);
  if (second) {
    await call('POST /api/deliveries/{id}/accept', 'livreur', { params: { id: second } });
    await call('POST /api/deliveries/{id}/pickups/{vendeur}/confirm', 'livreur', { params: { id: second, vendeur: sellerUid } });
    await call('POST /api/deliveries/{id}/refuse', 'livreur', { params: { id: second }, body: { reason: 'Le client a refusé le colis' } });
    await call('POST /api/deliveries/{id}/return', 'livreur', { params: { id: second }, body: { reason: 'Colis rendu au vendeur' } });
  }
  // Disputed by the buyer after the handover; the admin settles it.
  const third = await paidDelivery(recorder, part);
  if (third) {
    await call('POST /api/deliveries/{id}/accept', 'livreur', { params: { id: third } });
    await call('POST /api/deliveries/{id}/pickups/{vendeur}/confirm', 'livreur', { params: { id: third, vendeur: sellerUid } });
    const code = codeIn((await call('GET /api/deliveries/{id}', 'acheteur', { params: { id: third } })).body?.data);
    await call('POST /api/deliveries/{id}/delivered', 'livreur', { params: { id: third }, body: code ? { code } : {} });
    await call('POST /api/deliveries/{id}/dispute', 'acheteur', { params: { id: third }, body: { reason: 'La pièce ne correspond pas à l’annonce' } });
    await call('POST /api/deliveries/{id}/admin/status', 'admin', { params: { id: third }, body: { statut: 'livre', reason: 'Pièce vérifiée conforme avec le vendeur' } });
  }
  // Cancelled by the buyer before any pickup.
  const fourth = await paidDelivery(recorder, part);
  if (fourth) await call('POST /api/deliveries/{id}/cancel', 'acheteur', { params: { id: fourth } });
  await call('GET /api/livreurs/me/earnings', 'livreur');
}
