/**
 * An order of parts paid and delivered by a courier: the buyer orders the demo part with delivery
 * and pays it by mobile money (the local FeexPay calls the webhook); the payment offers the delivery
 * to the couriers near the pickup; the demo courier accepts, sends its position once, the seller
 * confirms the pickup, and the courier hands the part over against the buyer's code. The seller's
 * money, held since the payment, becomes its own at the handover.
 */
const ADDRESS = { ville: 'Cotonou', details: 'Près du marché Ganhi', position: { latitude: 6.359, longitude: 2.433 } };

export const orderDelivered = {
  name: 'an order of parts paid and delivered by a courier',
  floor: {
    reads: 12,
    writes: 17,
    why: [
      'order: read the part (price, stock) and the buyer; write the order',
      'payment: write the payment at its start; at the callback read it and the order, write the payment settled, the order paid, the stock (one unit), the invoice and its number (gap-free counter: read and write), the money held for the seller (its ledger entry and its balance) and the platform\'s fee',
      'delivery: write the delivery and its offer to the one courier near the pickup; read them at the accept, write the delivery accepted',
      'tracking: write the position once',
      'pickup: read the delivery, write it picked up; handover: read the delivery, write it delivered, release the seller\'s held money (read its balance, write the entry and the balance)',
    ],
  },
  async run({ api, tokens, demo, db, sandbox, waitFor }) {
    const order = await api.post('/api/orders', { items: [{ articleId: demo.part, quantite: 1 }], livraison: true, adresseLivraison: ADDRESS }, { token: tokens.acheteur });
    await api.post('/api/payments/requesttopay/mtn', { type: 'commande', montant: order.total, metadata: { commandeId: order.id }, telephone: sandbox.acceptingPayer }, { token: tokens.acheteur });
    // The courier accepts as soon as the offer reaches it, within the first round, as couriers do. (The emulator hands
    // the next round's task over at once instead of at the round's end: it is refused as early once, then retried.)
    const id = await waitFor(async () => {
      const found = await db.collection('deliveries').where('source.id', '==', order.id).limit(1).get();
      return found.docs[0]?.get('offeredTo')?.includes(demo.courier) ? found.docs[0].id : undefined;
    }, `an offer of the paid order ${order.id}'s delivery to the demo courier`);
    await api.post(`/api/deliveries/${id}/accept`, undefined, { token: tokens.livreur });
    await api.post('/api/livreurs/me/location', { latitude: 6.368, longitude: 2.432 }, { token: tokens.livreur });
    await api.post(`/api/deliveries/${id}/pickups/${demo.seller}/confirm`, {}, { token: tokens.vendeur });
    const delivery = await api.get(`/api/deliveries/${id}`, { token: tokens.acheteur });
    const code = delivery.codeLivraison ?? delivery.code ?? delivery.deliveryCode;
    if (!code) throw new Error(`the buyer's view of delivery ${id} shows no handover code: ${JSON.stringify(delivery).slice(0, 300)}`);
    await api.post(`/api/deliveries/${id}/delivered`, { code }, { token: tokens.livreur });
  },
};
