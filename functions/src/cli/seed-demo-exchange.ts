/**
 * The demo's fair exchange (DOMAIN.md, "Fair exchange"): besides the held sale of the demo order
 * (seed-demo.ts), an order of the demo part handed over in person against the buyer's code (its
 * seller's money released), and one the buyer received and then disputed: the dispute waits,
 * `ouvert`, for an admin to take and decide it from Swagger UI (`POST /api/admin/litiges/{id}/prise`,
 * then `/decision`). Each made once, through the services the routes call.
 */
import { holdOrder, handOverBySeller, receivedByBuyer, releaseOrderSeller } from '../domains/commerce/orders/handover';
import { onOrderPaid } from '../domains/commerce/orders/payment';
import { createOrder, findOrder } from '../domains/commerce/orders/service';
import { openDispute } from '../domains/commerce/disputes/open-dispute';
import { db } from '../core/firebase';
import { COLLECTIONS } from '../core/firestore';
import { demoCaller, type DemoAccount } from './demo-caller';
import { demoPayment } from './demo-payment';

/** A paid order of one unit of `part` by the demo buyer, without delivery, its seller's money held. */
async function paidOrder(buyer: DemoAccount, part: string, paymentId: string) {
  const order = await createOrder(demoCaller(buyer, 'acheteur', 'Dossou', 'Koffi'), { items: [{ articleId: part, quantite: 1 }], livraison: false });
  await demoPayment(paymentId, buyer.uid, 'commande', order.total, { commandeId: order.id });
  await onOrderPaid(order.id, paymentId);
  await holdOrder(order.id);
  return order.id;
}

export async function seedFairExchange(buyer: DemoAccount, seller: DemoAccount, part: string): Promise<void> {
  // Run again, it finds its first payment and makes nothing twice.
  if ((await db().collection(COLLECTIONS.payments).doc('demo-handover-payment').get()).exists) return;
  const asBuyer = demoCaller(buyer, 'acheteur', 'Dossou', 'Koffi');
  const asSeller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  const handedOver = await paidOrder(buyer, part, 'demo-handover-payment');
  const code = (await findOrder(handedOver))?.codeRemise;
  if (!code) throw new Error(`the demo order ${handedOver} has no handover code`);
  await handOverBySeller(asSeller, handedOver, code);
  await releaseOrderSeller(handedOver, seller.uid);
  const disputed = await paidOrder(buyer, part, 'demo-dispute-payment');
  await receivedByBuyer(asBuyer, disputed);
  await releaseOrderSeller(disputed, seller.uid);
  const { id } = await openDispute(asBuyer, { vente: { kind: 'commande', id: disputed }, motif: 'non_conforme', texte: 'L’alternateur reçu ne correspond pas à la photo de l’annonce.' });
  console.log(`  fair exchange: order ${handedOver} handed over against the buyer's code; order ${disputed} received, then disputed (${id}, ouvert: an admin takes and decides it)`);
}
