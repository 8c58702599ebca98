/**
 * An agent's day: the demo Market_pro agent opens its journal where it works (its presence), counts
 * a prospect, and a seller it recruited signs up with its code (the referral) and pays a month of
 * subscription (the agent's commission); the agent then reads its dashboard.
 */
export const agentDay = {
  name: 'an agent\'s day (journal, presence, a referral, a commission)',
  floor: {
    reads: 9,
    writes: 12,
    why: [
      'journal: read the agent and its day, write the day (zone, presence); prospect: read and write the day',
      'referral: the sign-up\'s reads and writes (telephone, profile), read the code\'s agent, write the referral',
      'commission: the subscription\'s payment (write at the start; read it at the callback, write it settled and the subscription), read the referral, write the commission and the agent\'s tally',
      'dashboard: read the agent\'s tally (one document)',
    ],
  },
  async run({ api, tokens, newcomer, sandbox, settle, amountDue }) {
    const agent = tokens.agentCommercial;
    await api.post('/api/agents/me/daily', { zone: 'Cotonou - Dantokpa', zoneLocation: { lat: 6.3725, lng: 2.4307, accuracy: 15 } }, { token: agent });
    await api.post('/api/agents/me/daily/prospects/increment', undefined, { token: agent });
    const seller = await newcomer('pro');
    await api.post('/api/auth/register', { nom: 'Recrue', prenoms: 'Vendeuse', telephone: seller.telephone, pays: 'BJ', role: 'vendeur', vendeurType: 'pieces', referralCode: 'DEMOPRO1' }, { token: seller.token });
    const montant = await amountDue('vendeur', '1', seller.uid);
    await api.post('/api/payments/requesttopay/mtn', { type: 'abonnement', montant, metadata: { months: '1' }, telephone: sandbox.acceptingPayer }, { token: seller.token });
    await settle();
    await api.get('/api/agents/me-pro/dashboard', { token: agent });
  },
};
