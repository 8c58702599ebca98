/**
 * The one computation of a delivery's fee and its shares: the public quote, the fee an order adds
 * to its total and the fee a purchase adds to its payment all come from `quoteDelivery`, so what a
 * buyer is shown is what it pays.
 *
 * - The zone is the destination's (service.ts: `findZoneAt`); none: 400 DELIVERY_OUT_OF_ZONE.
 * - The distance is the haversine length of the trip: first pickup, the other pickups in the order
 *   given, then the destination; kept in hundredths of a kilometre, which the amounts use too.
 * - fee = distance x the zone's price per km, rounded up to the franc, then raised to the zone's
 *   minimum and lowered to its maximum.
 * - The courier earns distance x `gainLivreurParKm` (delivery settings), rounded up, never more
 *   than the fee; the company keeps the rest, so the two shares add up to the fee exactly.
 */
import { ApiError } from '../../../core/errors';
import type { Point } from '../../../core/nearby';
import { distanceKm } from '../../geo';
import { priceList } from '../../pricing';
import type { DeliveryQuote } from '../deliveries/model';
import { findZoneAt } from './service';

export interface QuoteInput {
  pickups: readonly Point[];
  destination: Point;
}

/** Hundredths of a kilometre of the trip (integers keep the money arithmetic exact). */
function tripHundredths({ pickups, destination }: QuoteInput): number {
  const stops = [...pickups, destination];
  let km = 0;
  for (let i = 1; i < stops.length; i++) km += distanceKm(stops[i - 1], stops[i]);
  return Math.round(km * 100);
}

/** `hundredths` of a kilometre at `perKm` XOF, rounded up to the franc. */
const priceOf = (hundredths: number, perKm: number) => Math.ceil((hundredths * perKm) / 100);

export async function quoteDelivery(input: QuoteInput): Promise<DeliveryQuote> {
  const found = await findZoneAt(input.destination);
  if (!found) throw new ApiError('DELIVERY_OUT_OF_ZONE');
  const { zone } = found;
  const hundredths = tripHundredths(input);
  const frais = Math.min(zone.fraisMax, Math.max(zone.fraisMin, priceOf(hundredths, zone.prixParKm)));
  const { gainLivreurParKm } = await priceList('delivery-settings');
  const gainLivreur = Math.min(frais, priceOf(hundredths, gainLivreurParKm));
  return { zoneId: found.id, distanceKm: hundredths / 100, frais, gainLivreur, gainSociete: frais - gainLivreur };
}
