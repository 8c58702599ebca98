/**
 * The delivery an order asks for, priced by the logistics zone quote (the same function as the
 * public quote). One pickup per seller, in the order of the sellers' first lines: the location of
 * that seller's first line whose listing has one. A seller none of whose listings say where they
 * are cannot be collected from: 400 DELIVERY_PICKUP_UNKNOWN, and no order is written.
 */
import { ApiError } from '../../../core/errors';
import type { Point } from '../../../core/nearby';
import { type DeliveryRequest, quoteDelivery } from '../../logistics';

export interface LineSource {
  vendeur: string;
  /** The listing's location and city, when it has a location. */
  localisation?: Point;
  ville: string;
}

export interface OrderAddress {
  ville: string;
  details?: string;
  position: Point;
}

export async function orderDelivery(lines: readonly LineSource[], address: OrderAddress): Promise<DeliveryRequest> {
  const sellers = [...new Set(lines.map((line) => line.vendeur))];
  const pickups = sellers.map((vendeur) => {
    const located = lines.find((line) => line.vendeur === vendeur && line.localisation);
    if (!located?.localisation) throw new ApiError('DELIVERY_PICKUP_UNKNOWN');
    return { vendeur, position: located.localisation, adresse: located.ville };
  });
  const quote = await quoteDelivery({ pickups: pickups.map((pickup) => pickup.position), destination: address.position });
  return {
    pickups,
    destination: { position: address.position, adresse: address.details ? `${address.details}, ${address.ville}` : address.ville },
    instructions: null,
    quote,
  };
}
