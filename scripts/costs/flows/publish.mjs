/** Publishing a vehicle with photos: the seller uploads two photos, then publishes the listing with them. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

export const publish = {
  name: 'publishing a vehicle with photos',
  floor: {
    reads: 3,
    writes: 4,
    why: [
      'read: the seller (role, block, subscription for parts) once; the day\'s upload quota at each photo (a seller cannot store without bound)',
      'write: each photo\'s register entry (`uploads`: owner, for the clean-up of files no listing keeps) and the quota, counted once per photo in the same write',
      'write: the listing',
    ],
  },
  async run({ api, tokens, base }) {
    const token = tokens.vendeur;
    const photos = [];
    for (let i = 0; i < 2; i += 1) {
      const { url } = await api.call('POST', '/api/upload/image', { token, body: Buffer.concat([JPEG, Buffer.from([i])]), headers: { 'content-type': 'image/jpeg' } });
      photos.push(`${base}${url}`);
    }
    await api.post(
      '/api/articles',
      { type: 'voiture', titre: 'Peugeot 406 2004, bon état', prix: 2_500_000, marque: 'Peugeot', modele: '406', annee: 2004, carburant: 'diesel', boiteVitesse: 'manuelle', pays: 'BJ', ville: 'Cotonou', photos },
      { token },
    );
  },
};
