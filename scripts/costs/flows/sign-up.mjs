/**
 * Sign-up with telephone proof: a newcomer who already has its identity-provider account (the app
 * creates it with the Firebase SDK, not through us) registers its profile as a buyer, asks for a
 * code on WhatsApp, and proves its telephone with it.
 */
export const signUp = {
  name: 'sign-up with telephone proof',
  floor: {
    reads: 4,
    writes: 5,
    why: [
      'read: the telephone\'s owner (`telephones/{app}_{e164}`: one account per telephone and app), the profile (none yet: the register is not replayed)',
      'read: the proof at request (a code asked again replaces it, within its limits) and at verify (the code to compare)',
      'write: the profile (`users`), the telephone\'s owner, the proof (`phoneProofs`, an HMAC of the code)',
      'write: the profile proven (`telephoneVerifie`), the proof spent (so it cannot be replayed)',
    ],
  },
  async run({ api, newcomer, lastCodeSentTo }) {
    const { token, telephone } = await newcomer();
    await api.post('/api/auth/register', { nom: 'Coût', prenoms: 'Inscription', telephone, pays: 'BJ', role: 'acheteur' }, { token });
    await api.post('/api/auth/phone/request', undefined, { token });
    await api.post('/api/auth/phone/verify', { otp: await lastCodeSentTo(telephone) }, { token });
  },
};
