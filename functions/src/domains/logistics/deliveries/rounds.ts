/**
 * Offer rounds (docs/guides/logistics.md, "Deliveries": rounds). Round n of a search offers the delivery to the
 * DELIVERY_OFFERS_PER_ROUND nearest online couriers within `rayonKm` + (n - first round) x
 * DELIVERY_ROUND_RADIUS_STEP_KM of the first pickup (couriers who declined it are left out; those
 * whose earlier offer expired are offered again), for `dureeOffreSecondes`. Each courier gets an
 * offer document (`deliveryOffers/{deliveryId}_{uid}`, `ouverte`), a notice (pushed) and an event in
 * its realtime feed (`delivery-offer`). The round queues the next one (a Cloud Task, tasks.ts); when
 * it runs and nobody accepted, the open offers expire and the next round widens the circle. After
 * DELIVERY_MAX_ROUNDS rounds the delivery stays `commande` with `sansLivreur`: the buyer is told,
 * admins find it with the `sansLivreur` filter and relaunch it (a new search from the first radius).
 *
 * A round is claimed in a transaction that checks the delivery is still `commande`, at the round
 * before, and still in the search the round belongs to (`roundBase`, which an admin's relaunch
 * moves): a task delivered twice, late, or left over from a search an admin relaunched since does
 * nothing, even when it arrives while the relaunch runs. What follows the commit (feeds, the next
 * task) is idempotent and redone when the same round of the same search is asked again.
 *
 * Each courier's offer shows its own distance to the first pickup (`distanceKm`, as the search
 * measured it) beside the length of the trip (`trajetKm`), the same for every courier.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { runTransaction } from '../../../core/firebase';
import { emit } from '../../../core/events';
import { publish } from '../../../core/realtime';
import { priceList } from '../../pricing';
import { nearbyCouriers } from '../livreurs/nearby';
import { offerMachine } from './machine';
import { approximate, type DeliveryDocument, type DeliveryOfferDocument, offerIdOf } from './model';
import { deliveries, offerRef, openOffers, openOffersNow } from './repository';
import { scheduleRound } from './tasks';

export type RoundOutcome = 'offered' | 'exhausted' | 'closed' | 'stale' | 'early';

/** The radius of round `round` of the search that started at `roundBase` (km). */
export function radiusOf(rayonKm: number, round: number, roundBase: number): number {
  return rayonKm + (round - roundBase) * config().DELIVERY_ROUND_RADIUS_STEP_KM;
}

/** A courier offered a round, and its distance to the first pickup (km, two decimals). */
interface Offered {
  uid: string;
  distanceKm: number;
}

const hundredths = (km: number) => Math.round(km * 100) / 100;

/** Feeds and the next task of a claimed round: safe to run again. */
async function afterRound(deliveryId: string, delivery: DeliveryDocument, round: number, couriers: Offered[], dureeOffreSecondes: number): Promise<void> {
  const expiresAt = delivery.roundEndsAt?.toDate().toISOString() ?? null;
  await Promise.all(
    couriers.map((courier) =>
      publish(courier.uid, `delivery-offer_${deliveryId}_${round}`, 'delivery-offer', {
        deliveryId,
        round,
        distanceKm: courier.distanceKm,
        trajetKm: delivery.distanceKm,
        frais: delivery.frais,
        gainLivreur: delivery.gainLivreur,
        expiresAt,
      }),
    ),
  );
  await scheduleRound(deliveryId, round + 1, delivery.roundBase, dureeOffreSecondes);
}

/**
 * Runs round `round` of the search that started at round `roundBase` (the `deliveryRound` task,
 * round 1 at creation, the first round of an admin's relaunch). `roundBase` undefined: a task
 * queued before tasks carried their search, taken as the delivery's current one.
 */
export async function runRound(deliveryId: string, round: number, roundBase?: number): Promise<RoundOutcome> {
  const ref = deliveries().doc(deliveryId);
  const current = (await ref.get()).data();
  if (!current || current.statut !== 'commande') return 'closed';
  // A round of a search an admin relaunched since: the new search runs its own rounds.
  const search = roundBase ?? current.roundBase;
  if (current.roundBase !== search) return 'stale';
  const settings = await priceList('delivery-settings');
  if (current.round === round && !current.sansLivreur) {
    // Claimed before: finish what may not have followed its commit.
    const open = (await openOffersNow(deliveryId, current)).filter((offer) => offer.round === round).map((offer) => ({ uid: offer.livreur, distanceKm: offer.distanceKm }));
    await afterRound(deliveryId, current, round, open, settings.dureeOffreSecondes);
    return 'offered';
  }
  if (current.round !== round - 1 || current.sansLivreur) return 'stale';
  if (current.roundEndsAt && current.roundEndsAt.toMillis() > now().getTime()) return 'early';

  const exhausted = round - current.roundBase >= config().DELIVERY_MAX_ROUNDS;
  const radiusKm = radiusOf(settings.rayonKm, round, current.roundBase);
  const center = current.pickups[0]?.position ?? current.destination.position;
  const found = exhausted ? [] : (await nearbyCouriers(center, radiusKm, config().DELIVERY_OFFERS_PER_ROUND + current.declinedBy.length)).couriers;
  const candidates = found.filter((courier) => !current.declinedBy.includes(courier.uid)).slice(0, config().DELIVERY_OFFERS_PER_ROUND);

  const at = now();
  const stamp = Timestamp.fromDate(at);
  const endsAt = Timestamp.fromMillis(at.getTime() + settings.dureeOffreSecondes * 1000);
  const claimed = await runTransaction(async (tx) => {
    const delivery = (await tx.get(ref)).data();
    // Read again: an admin's relaunch committed since the read above moved `roundBase`, and the
    // radius and `exhausted` computed from the old search must not end or widen the new one.
    if (!delivery || delivery.statut !== 'commande' || delivery.round !== round - 1 || delivery.sansLivreur || delivery.roundBase !== search) return undefined;
    // By id only (repository.ts): the previous round's open offers, and this round's couriers' offers.
    const [open, existing] = await Promise.all([openOffers(tx, deliveryId, delivery), candidates.length ? tx.getAll(...candidates.map((courier) => offerRef(deliveryId, courier.uid))) : Promise.resolve([])]);
    // Every read done: the previous round's offers end (but those made again now), this round's begin.
    const again = exhausted ? [] : candidates.filter((_, index) => !['declinee', 'acceptee'].includes(existing[index]?.data()?.statut ?? ''));
    for (const offer of open) {
      if (!again.some((courier) => courier.uid === offer.data()?.livreur)) tx.update(offer.ref, offerMachine.move(tx, { id: offer.id, from: offer.data()!.statut, event: 'expire', at, history: offer.data()!.history ?? [] }));
    }
    const offered: Offered[] = [];
    if (!exhausted) {
      again.forEach((courier) => {
        const offer: DeliveryOfferDocument = {
          deliveryId,
          livreur: courier.uid,
          round,
          distanceKm: hundredths(courier.distanceKm),
          trajetKm: delivery.distanceKm,
          frais: delivery.frais,
          gainLivreur: delivery.gainLivreur,
          pickups: delivery.pickups.map((pickup) => ({ position: pickup.position, adresse: pickup.adresse })),
          destination: { zone: approximate(delivery.destination.position) },
          ...offerMachine.start(tx, { id: offerIdOf(deliveryId, courier.uid), to: 'ouverte', at }),
          expiresAt: endsAt,
          createdAt: stamp,
        };
        tx.set(offerRef(deliveryId, courier.uid), offer);
        offered.push({ uid: courier.uid, distanceKm: offer.distanceKm });
      });
    }
    // One event for the round: it tells each courier offered, or the buyer that none is left (tells.ts).
    emit(tx, 'delivery.round_started', `${deliveryId}_${round}`, {
      deliveryId,
      round,
      acheteur: delivery.acheteur,
      offers: offered.map(({ uid, distanceKm }) => ({ livreur: uid, distanceKm })),
      trajetKm: delivery.distanceKm,
      gainLivreur: delivery.gainLivreur,
      expiresAt: endsAt.toDate().toISOString(),
      exhausted,
    });
    // `offeredTo`: whose offers may be open now, what the next move that ends offers reads by id.
    const updated: Partial<DeliveryDocument> = exhausted
      ? { round, sansLivreur: true, roundEndsAt: null, offeredTo: [], updatedAt: stamp }
      : { round, radiusKm, roundEndsAt: endsAt, offeredTo: offered.map((courier) => courier.uid), updatedAt: stamp };
    tx.update(ref, updated);
    return { delivery: { ...delivery, ...updated }, offered };
  });
  if (!claimed) return 'stale';
  if (exhausted) return 'exhausted';
  await afterRound(deliveryId, claimed.delivery, round, claimed.offered, settings.dureeOffreSecondes);
  return 'offered';
}

/**
 * The `deliveryRound` task's handler: a round asked before the previous one ended (`early`: a task
 * delivered ahead of its time) throws, so Cloud Tasks retries it later instead of taking it as done
 * and leaving the delivery without its next round. Every other outcome is final.
 */
export async function roundTask(deliveryId: string, round: number, roundBase?: number): Promise<Exclude<RoundOutcome, 'early'>> {
  const outcome = await runRound(deliveryId, round, roundBase);
  if (outcome === 'early') throw new Error(`delivery ${deliveryId}: round ${round} asked before the previous one ended; retry later`);
  return outcome;
}
