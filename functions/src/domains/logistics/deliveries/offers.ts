/**
 * The offers of a delivery to couriers (rounds.ts makes them): a courier accepts one, declines it,
 * or an admin relaunches the search when every round ended without a courier.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../../core/auth';
import { claimId, withClaim } from '../../../core/claims';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { requireProvenTelephone } from '../../identity';
import { deliveryMachine, offerMachine } from './machine';
import type { DeliveryDocument, DeliveryOfferDocument, DeliveryTrackingDocument } from './model';
import { activeDeliveriesOf, courierAccepts, deliveries, offerRef, openOffers, tracking } from './repository';
import { runRound } from './rounds';
import { type DeliveryView, toDelivery } from './view';

/**
 * Why `caller` may not accept this delivery with this offer, as read (the accept's pre-check on
 * plain reads, then again in its transaction): a courier never offered it has nothing to accept
 * (not found, whatever its status).
 */
function refusal(caller: ProfileCaller, current: DeliveryDocument | undefined, offer: DeliveryOfferDocument | undefined): ApiError | undefined {
  if (!current || !offer) return new ApiError('DELIVERY_NOT_FOUND');
  if (current.statut !== 'commande') return new ApiError(current.livreur && current.livreur !== caller.uid ? 'DELIVERY_ALREADY_ASSIGNED' : 'INVALID_TRANSITION');
  if (offer.statut !== 'ouverte' || offer.expiresAt.toMillis() <= now().getTime()) return new ApiError('DELIVERY_OFFER_EXPIRED');
  return undefined;
}

/**
 * The courier's active deliveries, at most DELIVERY_MAX_ACTIVE_PER_COURIER, on a plain read
 * (repository.ts, `activeDeliveriesOf`): its size is whether the courier is busy.
 */
function activeOf(uid: string) {
  const max = config().DELIVERY_MAX_ACTIVE_PER_COURIER;
  return { max, query: activeDeliveriesOf(uid, max) };
}

/**
 * A courier accepts the delivery offered to it. Up to DELIVERY_OFFERS_PER_ROUND couriers race for
 * it at once, and a transaction on the delivery would make each loser wait for the winner's commit
 * (docs/architecture.md, "Hot documents"). So: the checks on plain reads first (a courier who could not win
 * takes nothing), then the race is decided by creating the round's claim (core/claims, generation
 * the delivery's `round`, so a later round or an admin's relaunch is claimed anew): the losers get
 * DELIVERY_ALREADY_ASSIGNED at once, writing nothing. The winner's transaction checks everything
 * again on the delivery (the truth: a round task, a cancel or its own other accept may have moved
 * since) and assigns it; when it fails, the claim is released and another courier may still win.
 * The other open offers become `prise`; the tracking document the parties follow is created.
 *
 * The transaction reads by id only, so accepts of different deliveries by different couriers never
 * wait for each other (a query in it locks the whole range it read; on the emulator every
 * transaction writing deliveries or offers then waits for it). The busy
 * check stays exact: the transaction reads the courier's `courierAccepts` document and writes it,
 * so two accepts of one courier take turns (the second to commit runs again), and counts the
 * courier's active deliveries on a plain read after that read. Only the courier's own accept makes
 * a delivery active for it, so that count misses none; a delivery ending meanwhile can only make it
 * too high for an instant (a refusal the courier may retry), never too low. A counter of active
 * deliveries kept on that document would do the same with a write in every move out of an active
 * status (cancel, deliver, refuse, return, by any party or an admin) and a backfill of the couriers
 * busy before it existed: one missed move would refuse or overload a courier for good.
 */
export async function acceptDelivery(caller: ProfileCaller, id: string): Promise<DeliveryView> {
  // A courier who went online before telephones had to be proven is offered deliveries still: it takes none unproven.
  requireProvenTelephone(caller);
  const ref = deliveries().doc(id);
  const mine = offerRef(id, caller.uid);
  const turn = courierAccepts().doc(caller.uid);
  const busy = activeOf(caller.uid);
  const [seen, seenOffer, held] = await Promise.all([ref.get().then((snap) => snap.data()), mine.get().then((snap) => snap.data()), busy.query.get()]);
  const early = refusal(caller, seen, seenOffer);
  if (early) throw early;
  // A courier holding its maximum would take the claim only to lose it in its transaction.
  if (held.size >= busy.max) throw new ApiError('DELIVERY_COURIER_BUSY');
  const alreadyAssigned = (): never => {
    throw new ApiError('DELIVERY_ALREADY_ASSIGNED');
  };
  const delivery = await withClaim('delivery', claimId('delivery', id, seen!.round), caller.uid, alreadyAssigned, () =>
    runTransaction(async (tx) => {
      const [current, offer] = await Promise.all([tx.get(ref).then((snap) => snap.data()), tx.get(mine).then((snap) => snap.data()), tx.get(turn)]);
      const refused = refusal(caller, current, offer);
      if (refused) throw refused;
      // A courier holds a bounded number of deliveries at once: no hoarding offers it cannot ride.
      // Counted after the read of `turn` above (see the comment of this function).
      const active = activeOf(caller.uid);
      if ((await active.query.get()).size >= active.max) throw new ApiError('DELIVERY_COURIER_BUSY');
      const assigned = await assignIn(tx, id, current!, caller.uid, offer!);
      tx.set(turn, { deliveryId: id, at: assigned.updatedAt });
      return assigned;
    }),
  );
  return toDelivery(id, delivery, caller);
}

/** The accept's writes, in its transaction after every check: `courier` assigned with its `offer` accepted, the other offers `prise`, the tracking created, the parties told. */
async function assignIn(tx: FirebaseFirestore.Transaction, id: string, current: DeliveryDocument, courier: string, offer: DeliveryOfferDocument): Promise<DeliveryDocument> {
  const ref = deliveries().doc(id);
  const mine = offerRef(id, courier);
  const open = await openOffers(tx, id, current);
  // Its event tells the parties the delivery had (tells.ts).
  const moved = deliveryMachine.move(tx, { id, from: current.statut, event: 'accept', at: now(), by: courier, history: current.history, context: { parties: current.parties, livreur: courier } });
  const { updatedAt: at } = moved;
  const updated: DeliveryDocument = {
    ...current,
    ...moved,
    history: moved.history!,
    livreur: courier,
    parties: [...new Set([...current.parties, courier])],
    roundEndsAt: null,
  };
  tx.set(ref, updated);
  for (const other of open) {
    if (other.id !== mine.id) tx.update(other.ref, offerMachine.move(tx, { id: other.id, from: other.data()!.statut, event: 'take', at: at.toDate(), history: other.data()!.history ?? [] }));
  }
  tx.update(mine, offerMachine.move(tx, { id: mine.id, from: offer.statut, event: 'accept', at: at.toDate(), history: offer.history ?? [] }));
  // The buyer and the courier follow the courier: not the sellers, whom its way to the buyer
  // would lead to the buyer's door (docs/guides/commerce.md, "What each party of an order sees").
  const track: DeliveryTrackingDocument = { deliveryId: id, livreur: courier, parties: [updated.acheteur, courier], position: null, updatedAt: at };
  tx.set(tracking().doc(id), track);
  return updated;
}

/** A courier turns its open offer down: not offered this delivery again. */
export async function declineDelivery(caller: ProfileCaller, id: string): Promise<{ deliveryId: string; statut: 'declinee' }> {
  const ref = deliveries().doc(id);
  const mine = offerRef(id, caller.uid);
  const declined = await runTransaction(async (tx) => {
    const [current, offer] = await Promise.all([tx.get(ref).then((snap) => snap.data()), tx.get(mine).then((snap) => snap.data())]);
    if (!current || !offer) throw new ApiError('DELIVERY_NOT_FOUND');
    if (offer.statut !== 'ouverte') throw new ApiError(offer.statut === 'prise' ? 'DELIVERY_ALREADY_ASSIGNED' : 'DELIVERY_OFFER_EXPIRED');
    const moved = offerMachine.move(tx, { id: mine.id, from: offer.statut, event: 'decline', at: now(), history: offer.history ?? [] });
    tx.update(mine, moved);
    tx.update(ref, { declinedBy: FieldValue.arrayUnion(caller.uid) });
    return moved;
  });
  // The table's decline ends `declinee` (state.ts): what the answer says.
  return { deliveryId: id, statut: declined.statut as 'declinee' };
}

/** Admin levels start a new search for a delivery whose every round ended without a courier, or whose last round ended with no next one (a lost task). */
export async function relaunchDelivery(caller: ProfileCaller, id: string): Promise<DeliveryView> {
  const ref = deliveries().doc(id);
  // The new search starts at the round after the last: `roundBase` is its generation, which the
  // old search's late round tasks carry a smaller one of, so they do nothing (rounds.ts).
  const round = await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('DELIVERY_NOT_FOUND');
    // Every round over, or the last one ended with no next round run (its task lost or dropped).
    const ended = current.sansLivreur || !current.roundEndsAt || current.roundEndsAt.toMillis() <= now().getTime();
    if (current.statut !== 'commande' || !ended) throw new ApiError('INVALID_TRANSITION');
    tx.update(ref, { sansLivreur: false, roundBase: current.round + 1, updatedAt: Timestamp.fromDate(now()) });
    return current.round + 1;
  });
  await runRound(id, round, round);
  return toDelivery(id, (await ref.get()).data()!, caller);
}
