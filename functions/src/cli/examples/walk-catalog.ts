/**
 * Steps of the walk for the catalog: listings (a new one approved, another rejected then removed),
 * views, boosts, uploads, drivers' requests and tricycles, as the demo seller, buyer, chauffeur and
 * admin would walk them.
 */
import { reloadConfig } from '../../core/config';
import type { Recorder } from './recorder';
import { JPEG, payByMobileMoney, readBack, sleep } from './walk-helpers';
import type { WalkContext } from './walk-context';

/** A smallest MP4-looking file: an `ftyp` box first. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 0)]);

const COTONOU = { latitude: 6.3654, longitude: 2.4183 };

export async function walkCatalog(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const mine = await call('GET /api/articles/mine', 'vendeur', { query: { page: '1', limit: '10' } });
  const listings = (mine.body?.data ?? []) as Array<{ id: string; type: string }>;
  const part = listings.find((listing) => listing.type === 'piece');
  context.ids.part = part?.id;
  context.ids.car = listings.find((listing) => listing.type === 'voiture')?.id;

  // Uploads first: a new listing shows the photo.
  const image = await call('POST /api/upload/image', 'vendeur', { file: { contentType: 'image/jpeg', data: JPEG } });
  const photo = image.body?.data as { url?: string; path?: string } | undefined;
  await call('POST /api/upload/video', 'vendeur', { file: { contentType: 'video/mp4', data: MP4 } });
  const created = await call('POST /api/articles', 'vendeur', {
    body: {
      type: 'voiture',
      titre: 'Peugeot 406 2004, bon état',
      prix: 2_500_000,
      marque: 'Peugeot',
      modele: '406',
      annee: 2004,
      carburant: 'diesel',
      boiteVitesse: 'manuelle',
      pays: 'BJ',
      ville: 'Cotonou',
      // Served under `npm start` at Hosting's address.
      ...(photo?.url ? { photos: [`http://127.0.0.1:5000${photo.url}`] } : {}),
    },
  });
  const listing = created.body?.data?.id as string | undefined;
  const second = (await call('POST /api/articles', 'vendeur', { body: { type: 'moto', titre: 'Bajaj Boxer 150', prix: 720_000, pays: 'BJ', ville: 'Abomey-Calavi' } })).body?.data?.id as string | undefined;
  if (listing) {
    context.ids.listing = listing;
    await call('PATCH /api/articles/{id}', 'vendeur', { params: { id: listing }, body: { prix: 2_400_000, description: 'Entretien à jour, papiers en règle.' } });
    await call('GET /api/articles/{id}', 'vendeur', { params: { id: listing } });
    await call('GET /api/public/articles/{id}', 'anonymous', { params: { id: listing } });
    await call('GET /api/views/{articleId}', 'vendeur', { params: { articleId: listing } });
  }
  // A view of a demo car: on npm start the same request counts one more.
  if (context.ids.car) await call('POST /api/views/{articleId}', 'anonymous', { params: { articleId: context.ids.car }, body: { deviceId: 'demo-device-0001' } });
  if (part) await call('PATCH /api/articles/{id}/stock', 'vendeur', { params: { id: part.id }, body: { stock: 50 } });
  if (second) {
    await call('POST /api/articles/{id}/withdraw', 'vendeur', { params: { id: second } });
    await call('DELETE /api/articles/{id}', 'vendeur', { params: { id: second } });
  }
  // Under ARTICLE_MODERATION=pre a new listing waits for a moderator: one approved, one rejected.
  process.env.ARTICLE_MODERATION = 'pre';
  reloadConfig();
  const pending = (await call('POST /api/articles', 'vendeur', { body: { type: 'piece', titre: 'Phare avant Corolla', prix: 45_000, stock: 3, pays: 'BJ', ville: 'Cotonou' } })).body?.data?.id as string | undefined;
  if (pending) await call('POST /api/articles/{id}/approve', 'admin', { params: { id: pending } });
  const third = (await call('POST /api/articles', 'vendeur', { body: { type: 'piece', titre: 'Rétroviseur RAV4', prix: 35_000, stock: 2, pays: 'BJ', ville: 'Cotonou' } })).body?.data?.id as string | undefined;
  if (third) await call('POST /api/articles/{id}/reject', 'admin', { params: { id: third }, body: { motif: 'Photos manquantes' } });
  process.env.ARTICLE_MODERATION = 'post';
  reloadConfig();

  // Boosts: one activated by the admin, one rejected.
  if (listing) {
    const boost = await call('POST /api/publicites', 'vendeur', { body: { articleId: listing, typePub: 'sponsorise', duree: 7 } });
    const other = await call('POST /api/publicites', 'vendeur', { body: { articleId: listing, typePub: 'a_la_une', duree: 14 } });
    if (boost.body?.data?.id) {
      context.ids.publicite = boost.body.data.id;
      await call('GET /api/publicites/{id}', 'vendeur', { params: { id: boost.body.data.id } });
      // Paid by mobile money first: the admin activates a paid boost.
      await payByMobileMoney(recorder, 'vendeur', 'publicite', boost.body.data.montant, { publiciteId: boost.body.data.id });
      // The payment's effect (the boost marked paid) follows its commit by a moment.
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const read = await call('GET /api/publicites/{id}', 'vendeur', { params: { id: boost.body.data.id }, quiet: true });
        if (read.body?.data?.paymentId) break;
        await sleep(100);
      }
      await call('PATCH /api/publicites/{id}/activate', 'admin', { params: { id: boost.body.data.id } });
    }
    if (other.body?.data?.id) await call('PATCH /api/publicites/{id}/reject', 'admin', { params: { id: other.body.data.id }, body: { motif: 'Visuel non conforme' } });
  }

  // The files just uploaded, read back.
  for (const url of [photo?.url, photo?.path].filter((value): value is string => typeof value === 'string')) await readBack(recorder, url, 'vendeur');

  // A driver for a trip: one accepted, one refused, one cancelled by the buyer, one rejected by the admin.
  const trip = (note: string) => ({
    body: { trajet: { depart: 'Cotonou', arrivee: 'Porto-Novo' }, date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 13) + ':00:00.000Z', lieu: { adresse: 'Carrefour Étoile Rouge', point: COTONOU }, note },
  });
  const demandes = [];
  for (const note of ['Deux valises', 'Aller simple', 'Retour le soir', 'Trajet de nuit']) demandes.push((await call('POST /api/chauffeurs/demandes', 'acheteur', trip(note))).body?.data?.id as string | undefined);
  await call('GET /api/chauffeurs/demandes/open', 'chauffeur', { query: { lat: String(COTONOU.latitude), lng: String(COTONOU.longitude) } });
  if (demandes[0]) {
    await call('GET /api/chauffeurs/demandes/{id}', 'acheteur', { params: { id: demandes[0] } });
    await call('POST /api/chauffeurs/demandes/{id}/accept', 'chauffeur', { params: { id: demandes[0] } });
  }
  if (demandes[1]) {
    // A driver gives up a request it accepted: open again for the others.
    await call('POST /api/chauffeurs/demandes/{id}/accept', 'chauffeur', { params: { id: demandes[1] } });
    await call('POST /api/chauffeurs/demandes/{id}/refuse', 'chauffeur', { params: { id: demandes[1] } });
  }
  if (demandes[2]) await call('POST /api/chauffeurs/demandes/{id}/cancel', 'acheteur', { params: { id: demandes[2] } });
  if (demandes[3]) await call('POST /api/chauffeurs/admin/demandes/{id}/reject', 'admin', { params: { id: demandes[3] }, body: { motif: 'Date hors service' } });

  // Tricycles: the driver online, a buyer contacts it, it accepts then closes; a second contact declined.
  await call('PUT /api/tricycles/me/status', 'chauffeur', { body: { online: true, position: COTONOU, vehicule: 'Tricycle Apsonic jaune', plaque: 'BJ 4521 RB', prixIndicatif: 500 } });
  await call('POST /api/tricycles/me/location', 'chauffeur', { body: COTONOU });
  await call('GET /api/tricycles/nearby', 'acheteur', { query: { latitude: '6.37', longitude: '2.42' } });
  const contact = (await call('POST /api/tricycles/contacts', 'acheteur', { body: { chauffeur: context.uids.chauffeur, message: 'Je suis devant la pharmacie.', position: COTONOU } })).body?.data?.id;
  if (contact) {
    await call('GET /api/tricycles/contacts/{id}', 'acheteur', { params: { id: contact } });
    await call('POST /api/tricycles/contacts/{id}/accept', 'chauffeur', { params: { id: contact } });
    await call('POST /api/tricycles/contacts/{id}/close', 'chauffeur', { params: { id: contact } });
  }
  // A closed contact is opened again by the buyer's next request (the recorder allows it at once).
  const declined = (await call('POST /api/tricycles/contacts', 'acheteur', { body: { chauffeur: context.uids.chauffeur, message: 'Course vers Dantokpa ?' } })).body?.data?.id;
  if (declined) await call('POST /api/tricycles/contacts/{id}/decline', 'chauffeur', { params: { id: declined } });
}
