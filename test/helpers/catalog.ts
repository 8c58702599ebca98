/** Listings for tests, created through the API as sellers do. */
import type { TestUser } from './accounts';
import { api, bearer } from './api';

export function carInput(overrides: Record<string, unknown> = {}) {
  return {
    type: 'voiture',
    titre: 'Toyota Corolla 2012 propre',
    prix: 4_500_000,
    marque: 'Toyota',
    modele: 'Corolla',
    annee: 2012,
    carburant: 'essence',
    boiteVitesse: 'automatique',
    pays: 'BJ',
    ville: 'Cotonou',
    ...overrides,
  };
}

export async function publish(seller: TestUser, overrides: Record<string, unknown> = {}): Promise<{ id: string } & Record<string, unknown>> {
  const res = await (await api()).post('/api/articles').set(bearer(seller.token)).send(carInput(overrides));
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
