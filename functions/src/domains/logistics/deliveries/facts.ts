/**
 * What commerce reads of a sale's delivery to judge a dispute (DOMAIN.md, "Fair exchange": "After
 * a proof of handover the buyer's disagreement opens a dispute"): whether the courier gave its
 * proof of handover (its photo) or the delivery ended `livre`, and when. One document read.
 */
import { deliveryIdOf, type DeliverySourceKind, type DeliveryStatus } from './model';
import { deliveries } from './repository';

export interface DeliveryFacts {
  id: string;
  statut: DeliveryStatus;
  livreur: string | null;
  /** The courier's photo proof: its path and when it was given (ISO); null without one. */
  preuve: { photo: string | null; at: string } | null;
  /** When it became `livre` (ISO); null before. */
  livreLe: string | null;
}

export async function deliveryFacts(kind: DeliverySourceKind, saleId: string): Promise<DeliveryFacts | undefined> {
  const id = deliveryIdOf(kind, saleId);
  const delivery = (await deliveries().doc(id).get()).data();
  if (!delivery) return undefined;
  const livre = delivery.statut === 'livre' ? [...delivery.history].reverse().find((entry) => entry.statut === 'livre') : undefined;
  return {
    id,
    statut: delivery.statut,
    livreur: delivery.livreur,
    preuve: delivery.preuve ? { photo: delivery.preuve.photo, at: delivery.preuve.at.toDate().toISOString() } : null,
    livreLe: livre ? livre.at.toDate().toISOString() : null,
  };
}
