/** Shapes of logistics that other domains' requests use. */
import { z } from 'zod';
import { GeoPoint } from '../geo';

/**
 * The delivery part of a request (a purchase's `livraison`): where to, and what to tell the
 * courier. The pickups come from the listings and the fee from the zone quote, never from the client.
 */
export const DeliveryInput = z
  .strictObject({
    destination: GeoPoint,
    adresse: z.string().trim().min(1).max(500).meta({ description: 'The destination as text, for the courier.' }),
    instructions: z.string().trim().max(1000).optional().meta({ description: 'What the courier should know (floor, landmark, hours).' }),
  })
  .meta({ id: 'DeliveryInput', description: 'Asks for delivery by a courier to `destination`, which must lie in an active delivery zone; the fee is computed by the server (zone quote).' });
