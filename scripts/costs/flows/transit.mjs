/**
 * A vehicle bought for transit up to `traite`: the buyer buys a demo car for transit to Niger and
 * pays it by mobile money, starts the journey, chooses the demo forwarder, hands the file over
 * (`transferer`), and the forwarder marks it done (`traite`).
 */
export const transit = {
  name: 'a vehicle bought for transit up to traite',
  floor: {
    reads: 10,
    writes: 12,
    why: [
      'purchase: read the car and the buyer, write the purchase; payment: write it at the start, read it and the purchase at the callback, write the payment settled, the purchase paid, the car sold, the money held for the seller (entry and balance) and the fee',
      'journey: write the mission at the start (read the purchase); choosing the forwarder: read the forwarder\'s file (verified, subscribed) and the mission, write the mission',
      'hand-over and `traite`: read the mission, write it, twice',
    ],
  },
  async run({ api, tokens, demo, settle, sandbox }) {
    const achat = await api.post('/api/achat', { articleId: demo.transitCar, modeLivraison: 'transit', paysDestination: 'NE' }, { token: tokens.acheteur });
    const id = achat.id ?? achat.achatId;
    const montant = achat.montant ?? achat.total ?? achat.prix;
    await api.post('/api/payments/requesttopay/mtn', { type: 'achat', montant, metadata: { achatId: id }, telephone: sandbox.acceptingPayer }, { token: tokens.acheteur });
    await settle();
    const mission = await api.post('/api/transit-missions/start', { articleId: demo.transitCar, modeLivraison: 'transit', paysDestination: 'NE', detailsSupplementaires: 'Dédouanement à Malanville' }, { token: tokens.acheteur });
    await api.post('/api/transit-missions/select-transitaire', { articleId: demo.transitCar, transitaireId: demo.forwarder }, { token: tokens.acheteur });
    await api.post('/api/transit-missions/transferer', { articleId: demo.transitCar }, { token: tokens.acheteur });
    await api.patch(`/api/transit-missions/${mission.id}/marquer-traite`, undefined, { token: tokens.transitaire });
  },
};
