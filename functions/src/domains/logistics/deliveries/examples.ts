/**
 * The logistics domain's example steps of deliveries (core/examples/walk.ts): the demo buyer's
 * delivered orders of the demo part, each paid by mobile money, taken by the demo courier down each
 * of a delivery's ways (handed over and confirmed, refused at the door and returned, cancelled,
 * disputed), and the admin's hand on them.
 */
import { JPEG, orderPart, payByMobileMoney, sleep } from '../../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../../core/examples/walk';
import { DANTOKPA } from '../examples';

/** A paid, delivered order of the demo part, and the delivery its payment opened. */
async function paidDelivery(recorder: ExampleRecorder, part: string): Promise<string | undefined> {
  const order = await orderPart(recorder, part, true);
  if (!order) return undefined;
  await payByMobileMoney(recorder, 'acheteur', 'commande', order.total, { commandeId: order.id });
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const list = await recorder.call('GET /api/deliveries', 'acheteur', { query: { page: '1', limit: '10' }, quiet: true });
    const found = (list.body?.data ?? []).find((delivery: { source?: { kind: string; id: string } }) => delivery.source?.kind === 'order' && delivery.source.id === order.id) as
      | { id: string }
      | undefined;
    if (found) return found.id;
    await sleep(100);
  }
  return undefined;
}

/**
 * The courier's answer to the offer of delivery `id` (accept or decline): the offer follows the
 * payment by a moment, and until it is made the delivery is not the courier's to see (404).
 */
async function firstOffer(recorder: ExampleRecorder, key: string, id: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if ((await recorder.call(key, 'livreur', { params: { id }, quiet: true })).status !== 404) return;
    await sleep(100);
  }
  await recorder.call(key, 'livreur', { params: { id } });
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

/** The demo courier online near Dantokpa, then a delivery down each of its ways. */
async function deliveries(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('PUT /api/livreurs/me/status', 'livreur', { body: { online: true, position: DANTOKPA } });
  await call('POST /api/livreurs/me/location', 'livreur', { body: DANTOKPA });

  const part = context.ids.part;
  if (!part) return;
  const sellerUid = context.uids.vendeur;

  // The pickup: the seller confirms it handed the part over, or the courier enters the seller's pickup code.
  const pickUp = async (id: string, by: 'vendeur' | 'livreur') => {
    if (by === 'vendeur') return call('POST /api/deliveries/{id}/pickups/{vendeur}/confirm', 'vendeur', { params: { id, vendeur: sellerUid }, body: {} });
    const code = (await call('GET /api/deliveries/{id}', 'vendeur', { params: { id }, quiet: true })).body?.data?.pickups?.[0]?.code as string | undefined;
    return call('POST /api/deliveries/{id}/pickups/{vendeur}/confirm', 'livreur', { params: { id, vendeur: sellerUid }, body: { code } });
  };
  // Accepted and picked up, then handed over against the buyer's code; or, without it, left to the
  // buyer's word (confirmed or disputed).
  const handOver = async (id: string, proof: 'code' | 'buyer') => {
    await firstOffer(recorder, 'POST /api/deliveries/{id}/accept', id);
    await pickUp(id, proof === 'code' ? 'vendeur' : 'livreur');
    const code = proof === 'code' ? codeIn((await call('GET /api/deliveries/{id}', 'acheteur', { params: { id } })).body?.data) : undefined;
    if (proof === 'code' && code) await call('POST /api/deliveries/{id}/delivered', 'livreur', { params: { id }, body: { code } });
  };

  // Declined by the courier. An admin relaunches only a delivery whose rounds found no courier: the
  // demo's courier declined while its round is still open, so the relaunch is shown refused.
  const declined = await paidDelivery(recorder, part);
  if (declined) {
    await firstOffer(recorder, 'POST /api/deliveries/{id}/decline', declined);
    await call('POST /api/deliveries/{id}/admin/relaunch', 'admin', { params: { id: declined }, refusal: true });
  }
  // Delivered against the buyer's code.
  const first = await paidDelivery(recorder, part);
  if (first) await handOver(first, 'code');
  // Proved by the courier's handover photo, seen by the buyer, who confirms on receipt.
  const second = await paidDelivery(recorder, part);
  if (second) {
    await handOver(second, 'buyer');
    const photo = (await call('POST /api/deliveries/{id}/proof', 'livreur', { params: { id: second }, file: { contentType: 'image/jpeg', data: JPEG } })).body?.data?.path as string | undefined;
    if (photo) {
      await call('POST /api/deliveries/{id}/delivered', 'livreur', { params: { id: second }, body: { photo } });
      await call('GET /api/deliveries/{id}/proof', 'acheteur', { params: { id: second } });
    }
    await call('POST /api/deliveries/{id}/confirm', 'acheteur', { params: { id: second } });
  }
  // Disputed by the buyer, settled by an admin.
  const third = await paidDelivery(recorder, part);
  if (third) {
    await handOver(third, 'buyer');
    await call('POST /api/deliveries/{id}/dispute', 'acheteur', { params: { id: third }, body: { reason: 'La pièce ne correspond pas à l’annonce' } });
    await call('POST /api/deliveries/{id}/admin/status', 'admin', { params: { id: third }, body: { statut: 'livre', reason: 'Pièce vérifiée conforme avec le vendeur' } });
  }
  // Refused by the buyer at the door.
  const fourth = await paidDelivery(recorder, part);
  if (fourth) {
    await firstOffer(recorder, 'POST /api/deliveries/{id}/accept', fourth);
    await pickUp(fourth, 'livreur');
    await call('POST /api/deliveries/{id}/refuse', 'acheteur', { params: { id: fourth }, body: { reason: 'Le colis est abîmé' } });
  }
  // Brought back to the seller by the courier (the buyer could not be reached).
  const returned = await paidDelivery(recorder, part);
  if (returned) {
    await firstOffer(recorder, 'POST /api/deliveries/{id}/accept', returned);
    await pickUp(returned, 'vendeur');
    await call('POST /api/deliveries/{id}/return', 'livreur', { params: { id: returned }, body: { reason: 'Client injoignable, colis rendu au vendeur' } });
  }
  // Cancelled by the buyer before any pickup.
  const fifth = await paidDelivery(recorder, part);
  if (fifth) await call('POST /api/deliveries/{id}/cancel', 'acheteur', { params: { id: fifth } });
  await call('GET /api/livreurs/me/earnings', 'livreur');
}

export const steps: ExampleSteps = { deliveries };
