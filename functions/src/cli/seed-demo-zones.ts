/**
 * The demo delivery zone of `npm start`: Greater Cotonou (Cotonou, Akpakpa, Godomey, part of
 * Abomey-Calavi) at the delivery settings' default price, so the buyer app can quote and order
 * deliveries locally. Once: skipped when any zone exists.
 */
import { demoCaller } from './demo-caller';
import { createZone, listZones } from '../domains/logistics/zones/service';

export const DEMO_ZONE = {
  nom: 'Grand Cotonou',
  polygon: [
    { latitude: 6.335, longitude: 2.3 },
    { latitude: 6.345, longitude: 2.5 },
    { latitude: 6.42, longitude: 2.5 },
    { latitude: 6.48, longitude: 2.38 },
    { latitude: 6.45, longitude: 2.3 },
  ],
  prixParKm: 75,
  fraisMin: 500,
  fraisMax: 5000,
  villes: ['Cotonou', 'Abomey-Calavi'],
  actif: true,
};

export async function seedDeliveryZone(admin: { uid: string; email: string }): Promise<void> {
  const existing = await listZones({ page: 1, limit: 1, offset: 0 }, false);
  if (existing.pagination.total > 0) return;
  const caller = demoCaller(admin, 'admin', 'Kpade', 'Admin');
  const zone = await createZone(caller, DEMO_ZONE);
  console.log(`  delivery zone ${zone.nom} (${zone.prixParKm} XOF/km, ${zone.fraisMin}-${zone.fraisMax} XOF)`);
}
