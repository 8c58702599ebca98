/**
 * A delivery is born from a paid order or purchase that asked for one (the `order.paid` and
 * `achat.paid` subscribers): one pickup per seller, the destination and the fee from the request
 * the event carries (logistics reads no commerce document), status `commande`, then round 1 of the
 * offers. The id comes from the source (`deliveryIdOf`), so a redelivered event creates nothing.
 */
import { randomInt } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { runTransaction } from '../../../core/firebase';
import { type DeliveryDocument, type DeliveryRequest, type DeliverySourceKind, deliveryIdOf, type Pickup } from './model';
import { deliveries } from './repository';
import { runRound } from './rounds';
import { deliveryMachine } from './machine';

export interface DeliverySource {
  kind: DeliverySourceKind;
  id: string;
  acheteur: string;
  paymentId: string;
  /** What the payment took (XOF). */
  montantPaye: number;
}

/** One pickup per seller: a seller named twice is collected once, at its first point. */
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function pickupsOf(request: DeliveryRequest): Pickup[] {
  const seen = new Map<string, Pickup>();
  for (const pickup of request.pickups) {
    if (!seen.has(pickup.vendeur)) seen.set(pickup.vendeur, { vendeur: pickup.vendeur, position: pickup.position, adresse: pickup.adresse, collectedAt: null, code: sixDigits(), codeAttempts: 0 });
  }
  return [...seen.values()];
}

/** Creates the delivery once and starts its first round (again, harmlessly, when the event comes back). */
export async function createDelivery(source: DeliverySource, request: DeliveryRequest): Promise<string> {
  const id = deliveryIdOf(source.kind, source.id);
  const ref = deliveries().doc(id);
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return;
    const at = Timestamp.fromDate(now());
    const pickups = pickupsOf(request);
    const vendeurs = pickups.map((pickup) => pickup.vendeur);
    const born = {
      source: { kind: source.kind, id: source.id },
      acheteur: source.acheteur,
      vendeurs,
      parties: [...new Set([source.acheteur, ...vendeurs])],
      pickups,
      destination: request.destination,
      instructions: request.instructions,
      distanceKm: request.quote.distanceKm,
      frais: request.quote.frais,
      gainLivreur: request.quote.gainLivreur,
      gainSociete: request.quote.gainSociete,
      livreur: null,
      round: 0,
      radiusKm: 0,
      roundEndsAt: null,
      createdAt: at,
      updatedAt: at,
      paymentId: source.paymentId,
      montantPaye: source.montantPaye,
      code: sixDigits(),
      roundBase: 1,
      declinedBy: [],
      offeredTo: [],
      sansLivreur: false,
      preuve: null,
      autoCloseAt: null,
      codeAttempts: 0,
      litige: null,
      enLitige: false,
    };
    // Its first status and history entry, and its event from null, by the system.
    const started = deliveryMachine.start(tx, { id, to: 'commande', at: at.toDate(), context: born });
    const delivery: DeliveryDocument = { ...born, ...started, history: started.history! };
    tx.create(ref, delivery);
  });
  await runRound(id, 1, 1);
  return id;
}
