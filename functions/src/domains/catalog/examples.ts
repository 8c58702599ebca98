/**
 * The catalog domain's example steps (core/examples/walk.ts): listings (a new one approved,
 * another rejected then removed), views, boosts and uploads, as the demo seller, buyer and admin
 * would walk them; and the paid vehicle inspections.
 */
import { reloadConfig } from '../../core/config';
import { JPEG, payByMobileMoney, readBack, sleep } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

/** A smallest MP4-looking file: an `ftyp` box first. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 0)]);

/** A smallest PDF: a header, one empty page, its table and trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The demo seller's listings: its part and car named for later steps, a new car listed and boosted, others moderated. */
async function sellerListings(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
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
}

/** Vehicle inspections: the demo one accepted by the buyer; a second one paid, reported on, refused. */
async function inspections(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const mine = await call('GET /api/verification/mine', 'acheteur', { query: { page: '1', limit: '5' } });
  const demo = (mine.body?.data ?? []).find((item: { statut?: string }) => item.statut === 'rapport_disponible') as { id: string } | undefined;
  if (demo) {
    const report = await call('GET /api/verification/{id}/rapport', 'acheteur', { params: { id: demo.id } });
    if (report.body?.data?.url) await readBack(recorder, report.body.data.url, 'acheteur');
    await call('POST /api/verification/{id}/accepter', 'acheteur', { params: { id: demo.id } });
  }
  const vehicle = context.ids.listing;
  const price = (await call('GET /api/admin/verification-pricing', 'admin')).body?.data?.prix as number | undefined;
  if (!vehicle || !price) return;
  await payByMobileMoney(recorder, 'acheteur', 'verification', price, { articleId: vehicle });
  await call('GET /api/verification/admin/requests', 'admin', { query: { page: '1', limit: '2' } });
  const report = await call('POST /api/verification/admin/requests/{articleId}/rapport', 'admin', {
    params: { articleId: vehicle },
    file: { contentType: 'application/pdf', data: PDF },
  });
  const rapportId = report.body?.data?.rapportId as string | undefined;
  await call('PATCH /api/verification/admin/requests/{articleId}/statut', 'admin', {
    params: { articleId: vehicle },
    body: { statut: 'rapport_disponible', ...(rapportId ? { rapportId } : {}) },
  });
  const again = await call('GET /api/verification/mine', 'acheteur', { query: { page: '1', limit: '5' } });
  const second = (again.body?.data ?? []).find((item: { statut?: string; articleId?: string }) => item.statut === 'rapport_disponible' && item.articleId === vehicle) as { id: string } | undefined;
  if (second) await call('POST /api/verification/{id}/refuser', 'acheteur', { params: { id: second.id } });
}

export const steps: ExampleSteps = { sellerListings, inspections };
