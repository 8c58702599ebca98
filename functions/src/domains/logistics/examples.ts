/**
 * The logistics domain's example steps (core/examples/walk.ts): a tricycle driver online, contacted
 * by the demo buyer; the delivery zones, looked up, priced, one created then removed. Deliveries'
 * steps are deliveries/examples.ts's.
 */
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

const COTONOU = { latitude: 6.3654, longitude: 2.4183 };

/** Near the Dantokpa market, Cotonou (seed-demo's courier position). */
export const DANTOKPA = { latitude: 6.3725, longitude: 2.4307 };

/** The driver online, a buyer contacts it, it accepts then closes; a second contact declined. */
async function tricycles(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
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

async function zones(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('POST /api/delivery-zones/lookup', 'acheteur', { body: DANTOKPA });
  await call('POST /api/delivery-zones/quote', 'acheteur', { body: { pickups: [DANTOKPA], destination: { latitude: 6.359, longitude: 2.433 } } });
  const zone = await call('POST /api/delivery-zones', 'superAdmin', {
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
    await call('PATCH /api/delivery-zones/{id}', 'superAdmin', { params: { id: zoneId }, body: { fraisMax: 3500 } });
    await call('DELETE /api/delivery-zones/{id}', 'superAdmin', { params: { id: zoneId } });
  }
}

export const steps: ExampleSteps = { tricycles, zones };
