/**
 * The moves of a delivery after its creation (docs/guides/logistics.md, "Deliveries"). Each move is one transaction
 * on the delivery: the caller's part checked on the current document (a stranger is answered not
 * found, a party whose step it is not DELIVERY_ACTION_FORBIDDEN), the status table (state.ts)
 * decides, the parties are told, and a final status emits its event (settlement.ts applies the
 * money once). Of several moves at once only the first commits; the others find the new status.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { claimId, withClaim } from '../../../core/claims';
import { now } from '../../../core/clock';
import { COLLECTIONS } from '../../../core/firestore';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { uploadOwner } from '../../catalog';
import { requireProvenTelephone } from '../../identity';
import { type Actor, deliveryFor, isAdmin, permission } from './access';
import { planDeliveryList } from './listing';
import { isProofOf } from './proof';
import { type DeliveryDocument, type DeliveryOfferDocument, type DeliveryTrackingDocument } from './model';
import { activeDeliveriesOf, courierAccepts, deliveries, offerRef, openOffers, tracking } from './repository';
import { runRound } from './rounds';
import type { AdminDeliveryStatus, Delivery, DeliveredRequest, DeliveryListQuery } from './schemas';
import { ADMIN_EVENT_TO, type DeliveryEvent, isFinal } from './state';
import { deliveryMachine } from './machine';
import { publicPickup, readsAsSeller, toSellerDelivery } from './seller-view';
import { scheduleClose } from './tasks';

type DeliveryView = z.input<typeof Delivery>;

const iso = (value: Timestamp | null) => value?.toDate().toISOString() ?? null;

/** The delivery as `viewer` sees it: the handover code is the buyer's (and admins') only. */
export function toDelivery(id: string, delivery: DeliveryDocument, viewer?: Pick<ProfileCaller, 'uid' | 'role'>): DeliveryView {
  const seesCode = viewer === undefined || viewer.uid === delivery.acheteur || isAdminRole(viewer.role);
  return {
    id,
    source: delivery.source,
    acheteur: delivery.acheteur,
    vendeurs: delivery.vendeurs,
    livreur: delivery.livreur,
    pickups: delivery.pickups.map(publicPickup),
    destination: delivery.destination,
    instructions: delivery.instructions,
    distanceKm: delivery.distanceKm,
    frais: delivery.frais,
    gainLivreur: delivery.gainLivreur,
    gainSociete: delivery.gainSociete,
    statut: delivery.statut,
    round: delivery.round,
    radiusKm: delivery.radiusKm,
    roundEndsAt: iso(delivery.roundEndsAt),
    sansLivreur: delivery.sansLivreur,
    code: seesCode ? delivery.code : null,
    preuve: delivery.preuve ? { photo: delivery.preuve.photo, at: delivery.preuve.at.toDate().toISOString() } : null,
    autoCloseAt: iso(delivery.autoCloseAt),
    litige: delivery.litige ? { motif: delivery.litige.motif, at: delivery.litige.at.toDate().toISOString(), by: delivery.litige.by } : null,
    enLitige: delivery.enLitige ?? false,
    history: delivery.history.map((entry) => ({ ...entry, at: entry.at.toDate().toISOString() })),
    createdAt: delivery.createdAt.toDate().toISOString(),
    updatedAt: delivery.updatedAt.toDate().toISOString(),
  };
}

const SYSTEM: Actor = 'system';
const uidOf = (actor: Actor) => (actor === 'system' ? 'system' : actor.uid);

interface MoveOptions {
  reason?: string | null;
  /** Who may take the step, besides admin levels (who may take any). */
  mayAct: (uid: string, delivery: DeliveryDocument) => boolean;
  /** Checks and fields of the move, on the current document (may refuse with an ApiError). */
  change?: (delivery: DeliveryDocument, at: Timestamp) => Partial<DeliveryDocument>;
  /** Refuses before the table does (a status that deserves its own code). */
  precheck?: (delivery: DeliveryDocument) => void;
  /**
   * Refuses the move but keeps a trace of the attempt: the fields are written in the same
   * transaction, then the error is thrown (a wrong handover code counts against the lock).
   */
  reject?: (delivery: DeliveryDocument) => { error: ApiError; changes: Partial<DeliveryDocument> } | undefined;
  /** Also written in the move's transaction once it is decided (an admin's audit entry). */
  alsoIn?: (tx: FirebaseFirestore.Transaction, before: DeliveryDocument, after: DeliveryDocument) => void;
}

/** One move of the table, in a transaction; a final status emits its event there. */
async function move(id: string, actor: Actor, event: DeliveryEvent, options: MoveOptions): Promise<DeliveryDocument> {
  const ref = deliveries().doc(id);
  const outcome = await runTransaction(async (tx): Promise<{ updated: DeliveryDocument } | { rejected: ApiError }> => {
    const delivery = (await tx.get(ref)).data();
    if (!delivery) throw new ApiError('DELIVERY_NOT_FOUND');
    const allowed = permission(actor, delivery, (uid) => options.mayAct(uid, delivery));
    if (allowed === 'hidden') throw new ApiError('DELIVERY_NOT_FOUND');
    if (allowed === 'forbidden') throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
    options.precheck?.(delivery);
    const rejected = options.reject?.(delivery);
    if (rejected) {
      tx.update(ref, rejected.changes);
      return { rejected: rejected.error };
    }
    const open = delivery.statut === 'commande' ? await openOffers(tx, id, delivery) : [];
    const by = uidOf(actor);
    // Its event tells the parties (tells.ts).
    const moved = deliveryMachine.move(tx, { id, from: delivery.statut, event, at: now(), by, reason: options.reason ?? null, history: delivery.history, context: delivery });
    const { statut, updatedAt: at } = moved;
    const updated: DeliveryDocument = { ...delivery, ...options.change?.(delivery, at), ...moved, history: moved.history! };
    // A final status ends the search, the auto-close and any dispute admins had to look at.
    if (isFinal(statut)) Object.assign(updated, { autoCloseAt: null, roundEndsAt: null, enLitige: false });
    tx.set(ref, updated);
    options.alsoIn?.(tx, delivery, updated);
    // Its parties followed the courier for the trip only: the last position is not kept for them to read.
    if (isFinal(statut) && delivery.livreur) tx.set(tracking().doc(id), { position: null, updatedAt: at }, { merge: true });
    // A delivery cancelled while offered: its offers end with it.
    for (const offer of open) tx.update(offer.ref, { statut: 'expiree' });
    if (statut === 'livre') {
      emit(tx, 'delivery.delivered', id, {
        deliveryId: id,
        source: delivery.source,
        acheteur: delivery.acheteur,
        vendeurs: delivery.vendeurs,
        livreur: delivery.livreur ?? '',
        paymentId: delivery.paymentId,
        frais: delivery.frais,
        gainLivreur: delivery.gainLivreur,
        gainSociete: delivery.gainSociete,
        deliveredAt: at.toDate().toISOString(),
      });
    } else if (statut === 'refuse' || statut === 'retour' || statut === 'annule') {
      emit(tx, 'delivery.failed', id, {
        deliveryId: id,
        source: delivery.source,
        acheteur: delivery.acheteur,
        vendeurs: delivery.vendeurs,
        statut,
        livreur: delivery.livreur,
        paymentId: delivery.paymentId,
        montantPaye: delivery.montantPaye,
        frais: delivery.frais,
        gainLivreur: delivery.gainLivreur,
        gainSociete: delivery.gainSociete,
        reason: options.reason ?? null,
        at: at.toDate().toISOString(),
      });
    }
    return { updated };
  });
  if ('rejected' in outcome) throw outcome.rejected;
  return outcome.updated;
}

const isCourier = (uid: string, delivery: DeliveryDocument) => delivery.livreur === uid;
const isBuyer = (uid: string, delivery: DeliveryDocument) => delivery.acheteur === uid;

/** The delivery as `caller` reads it: whole for its buyer, its courier and admins; a seller's part for a seller (seller-view.ts). */
function viewFor(id: string, delivery: DeliveryDocument, caller: ProfileCaller) {
  return readsAsSeller(caller, delivery) ? toSellerDelivery(id, delivery, caller.uid) : toDelivery(id, delivery, caller);
}

export async function readDelivery(caller: ProfileCaller, id: string) {
  return viewFor(id, await deliveryFor(caller, id), caller);
}

/**
 * Admin levels: every delivery, with filters. Others: their own (a courier those it was assigned,
 * a seller those it has a pickup in, anyone else those it bought), by status at most.
 */
export async function listDeliveries(caller: ProfileCaller, query: z.output<typeof DeliveryListQuery>, page: PageRequest) {
  const own = caller.role === 'livreur' ? 'livreur' : caller.role === 'vendeur' ? 'vendeurs' : 'acheteur';
  const plan = planDeliveryList(isAdminRole(caller.role) ? { admin: true } : { admin: false, field: own, uid: caller.uid }, query);
  let filtered = deliveries().orderBy('createdAt', 'desc');
  for (const [field, value] of plan) filtered = filtered.where(field, field === 'vendeurs' ? 'array-contains' : '==', value);
  const { docs, total } = await readPage(filtered, page);
  return toPage(page, docs.map((doc) => viewFor(doc.id, doc.data(), caller)), total);
}

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
      const assigned = await assignIn(tx, id, current!, caller.uid);
      tx.set(turn, { deliveryId: id, at: assigned.updatedAt });
      return assigned;
    }),
  );
  return toDelivery(id, delivery, caller);
}

/** The accept's writes, in its transaction after every check: `courier` assigned, the other offers `prise`, the tracking created, the parties told. */
async function assignIn(tx: FirebaseFirestore.Transaction, id: string, current: DeliveryDocument, courier: string): Promise<DeliveryDocument> {
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
  for (const other of open) if (other.id !== mine.id) tx.update(other.ref, { statut: 'prise' });
  tx.update(mine, { statut: 'acceptee' });
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
  await runTransaction(async (tx) => {
    const [current, offer] = await Promise.all([tx.get(ref).then((snap) => snap.data()), tx.get(mine).then((snap) => snap.data())]);
    if (!current || !offer) throw new ApiError('DELIVERY_NOT_FOUND');
    if (offer.statut !== 'ouverte') throw new ApiError(offer.statut === 'prise' ? 'DELIVERY_ALREADY_ASSIGNED' : 'DELIVERY_OFFER_EXPIRED');
    tx.update(mine, { statut: 'declinee' });
    tx.update(ref, { declinedBy: FieldValue.arrayUnion(caller.uid) });
  });
  return { deliveryId: id, statut: 'declinee' };
}

/**
 * A pickup confirmed (DOMAIN.md, "Fair exchange": "Seller to courier: the seller's confirmation, or
 * the seller's pickup code entered by the courier; never the courier alone"): by the pickup's seller
 * handing the goods over, or by the assigned courier entering the code the seller gave it with them.
 * A wrong code is counted on the pickup in the transaction that refuses it, and past
 * DELIVERY_CODE_MAX_ATTEMPTS code entry is locked (the seller confirms). The last pickup moves the
 * delivery `en_cours`. A pickup already confirmed answers PICKUP_ALREADY_CONFIRMED whatever the status
 * it led to (docs/guides/logistics.md, "Deliveries"): the seller confirming the last pickup after the
 * courier finds the delivery `en_cours`, and is told what happened rather than that the table refuses.
 */
export async function confirmPickup(caller: ProfileCaller, id: string, vendeur: string, code?: string) {
  const ref = deliveries().doc(id);
  const maxAttempts = config().DELIVERY_CODE_MAX_ATTEMPTS;
  const outcome = await runTransaction(async (tx): Promise<{ delivery: DeliveryDocument } | { refused: ApiError }> => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('DELIVERY_NOT_FOUND');
    const allowed = permission(caller, current, (uid) => uid === current.livreur || uid === vendeur);
    if (allowed === 'hidden') throw new ApiError('DELIVERY_NOT_FOUND');
    if (allowed === 'forbidden') throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
    const index = current.pickups.findIndex((pickup) => pickup.vendeur === vendeur);
    if (index < 0) throw new ApiError('PICKUP_NOT_FOUND');
    const pickup = current.pickups[index];
    if (pickup.collectedAt) throw new ApiError('PICKUP_ALREADY_CONFIRMED');
    if (current.statut !== 'assigne') throw new ApiError('INVALID_TRANSITION');
    // The seller's word is the handover of its goods; anyone else (the courier, an admin acting as one) needs the seller's code.
    if (caller.uid !== vendeur) {
      if (code === undefined) throw new ApiError('PICKUP_CODE_REQUIRED');
      const attempts = pickup.codeAttempts ?? 0;
      if (!pickup.code || attempts >= maxAttempts) throw new ApiError('PICKUP_CODE_LOCKED');
      if (pickup.code !== code) {
        const pickups = current.pickups.map((each, i) => (i === index ? { ...each, codeAttempts: attempts + 1 } : each));
        tx.update(ref, { pickups, updatedAt: Timestamp.fromDate(now()) });
        return { refused: new ApiError('PICKUP_CODE_INVALID') };
      }
    }
    const at = Timestamp.fromDate(now());
    const pickups = current.pickups.map((each, i) => (i === index ? { ...each, collectedAt: at } : each));
    if (pickups.some((each) => !each.collectedAt)) {
      tx.update(ref, { pickups, updatedAt: at });
      return { delivery: { ...current, pickups, updatedAt: at } };
    }
    const moved = deliveryMachine.move(tx, { id, from: current.statut, event: 'collect', at: at.toDate(), by: caller.uid, history: current.history, context: current });
    const updated: DeliveryDocument = { ...current, pickups, ...moved, history: moved.history! };
    tx.set(ref, updated);
    return { delivery: updated };
  });
  if ('refused' in outcome) throw outcome.refused;
  return viewFor(id, outcome.delivery, caller);
}

/**
 * The courier hands the goods over. With the buyer's code: `livre` at once; a wrong code is counted
 * on the delivery in the same transaction and after DELIVERY_CODE_MAX_ATTEMPTS wrong ones code entry
 * is locked (DELIVERY_CODE_LOCKED: six digits must not be guessable; the buyer still confirms).
 * With a photo only: the photo must be one the courier stored itself for this delivery (proof.ts;
 * the upload ledger says who), the buyer is told, and the delivery closes after
 * DELIVERY_DISPUTE_WINDOW_HOURS (the buyer's dispute window: its silence is the handover) unless the
 * buyer confirms or opens a dispute first (`closeDelivery` task).
 * A disputed delivery takes no photo proof.
 */
export async function markDelivered(caller: ProfileCaller, id: string, proof: z.output<typeof DeliveredRequest>): Promise<DeliveryView> {
  // Read before the transaction (the ledger never changes a file's owner), checked after the party checks.
  const photoOwner = proof.photo === undefined ? undefined : await uploadOwner(proof.photo);
  const checkPhoto = () => {
    if (proof.photo !== undefined && (photoOwner !== caller.uid || !isProofOf(id, proof.photo))) throw new ApiError('DELIVERY_PROOF_NOT_OWNED');
  };
  if (proof.code !== undefined) {
    const maxAttempts = config().DELIVERY_CODE_MAX_ATTEMPTS;
    const delivered = await move(id, caller, 'deliver', {
      mayAct: isCourier,
      precheck: (delivery) => {
        if (isAdmin(caller) && delivery.livreur !== caller.uid) throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
        checkPhoto();
      },
      reject: (delivery) => {
        if (delivery.statut !== 'en_cours') return undefined;
        const attempts = delivery.codeAttempts ?? 0;
        if (attempts >= maxAttempts) throw new ApiError('DELIVERY_CODE_LOCKED');
        if (delivery.code === proof.code) return undefined;
        return { error: new ApiError('DELIVERY_CODE_INVALID'), changes: { codeAttempts: attempts + 1, updatedAt: Timestamp.fromDate(now()) } };
      },
      change: (_delivery, at) => ({ preuve: { photo: proof.photo ?? null, at } }),
    });
    return toDelivery(id, delivered, caller);
  }
  const ref = deliveries().doc(id);
  // The buyer's dispute window: its silence until then is the handover (DOMAIN.md, "Fair exchange").
  const delay = config().DELIVERY_DISPUTE_WINDOW_HOURS * 3600;
  const proved = await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || !current.parties.includes(caller.uid)) throw new ApiError('DELIVERY_NOT_FOUND');
    if (current.livreur !== caller.uid) throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
    checkPhoto();
    if (current.statut !== 'en_cours') throw new ApiError('INVALID_TRANSITION');
    if (current.enLitige) throw new ApiError('DELIVERY_DISPUTED');
    const at = Timestamp.fromDate(now());
    const autoCloseAt = Timestamp.fromMillis(at.toMillis() + delay * 1000);
    const changes = { preuve: { photo: proof.photo ?? null, at }, autoCloseAt, updatedAt: at };
    tx.update(ref, changes);
    emit(tx, 'delivery.proof_given', `${id}_${at.toMillis()}`, { deliveryId: id, acheteur: current.acheteur, at: at.toDate().toISOString(), autoCloseAt: autoCloseAt.toDate().toISOString() });
    return { ...current, ...changes };
  });
  await scheduleClose(id, delay, proved.preuve.at.toMillis());
  return toDelivery(id, proved, caller);
}

/** The buyer confirms it received the goods (code locked or disputed: its word closes the delivery). */
export async function confirmDelivery(caller: ProfileCaller, id: string): Promise<DeliveryView> {
  return toDelivery(id, await move(id, caller, 'deliver', { mayAct: isBuyer }), caller);
}

/**
 * The buyer reports it did not receive the goods, before `livre`, once a courier holds them
 * (`assigne`, `en_cours`): the pending auto-close is dropped, the delivery is flagged for admins
 * (`enLitige`, the list's `litige` filter) and the courier told. Admins end it (admin/status); the
 * buyer's own confirmation or the courier's code still close it.
 */
export async function disputeDelivery(caller: ProfileCaller, id: string, motif: string): Promise<DeliveryView> {
  const ref = deliveries().doc(id);
  const disputed = await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('DELIVERY_NOT_FOUND');
    const allowed = permission(caller, current, (uid) => isBuyer(uid, current));
    if (allowed === 'hidden') throw new ApiError('DELIVERY_NOT_FOUND');
    if (allowed === 'forbidden' || current.acheteur !== caller.uid) throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
    if (current.statut !== 'assigne' && current.statut !== 'en_cours') throw new ApiError('INVALID_TRANSITION');
    if (current.enLitige) throw new ApiError('DELIVERY_DISPUTED');
    const at = Timestamp.fromDate(now());
    const changes = { litige: { motif, at, by: caller.uid }, enLitige: true, autoCloseAt: null, updatedAt: at };
    tx.update(ref, changes);
    emit(tx, 'delivery.disputed', `${id}_${at.toMillis()}`, {
      deliveryId: id,
      acheteur: current.acheteur,
      livreur: current.livreur,
      motif,
      at: at.toDate().toISOString(),
      source: current.source,
      apresPreuve: current.preuve !== null,
    });
    return { ...current, ...changes };
  });
  return toDelivery(id, disputed, caller);
}

/** The `closeDelivery` task: a delivery proved by photo closes once its delay is over (nothing otherwise, nor when disputed). */
export async function closeIfDue(id: string): Promise<'closed' | 'not_due'> {
  const due = (delivery: DeliveryDocument) =>
    delivery.statut === 'en_cours' && !delivery.enLitige && delivery.autoCloseAt !== null && delivery.autoCloseAt.toMillis() <= now().getTime();
  const current = (await deliveries().doc(id).get()).data();
  if (!current || !due(current)) return 'not_due';
  try {
    await move(id, SYSTEM, 'deliver', {
      mayAct: () => true,
      reason: 'auto',
      precheck: (delivery) => {
        // Read again in the transaction: the buyer may have confirmed or disputed, or the courier given the code.
        if (!due(delivery)) throw new ApiError('INVALID_TRANSITION');
      },
    });
    return 'closed';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_TRANSITION') return 'not_due';
    throw error;
  }
}

/**
 * The `closeDelivery` task's handler: like the round task, one that arrives before the delivery's
 * `autoCloseAt` throws so Cloud Tasks retries it, rather than leaving a proved delivery open forever.
 */
export async function closeTask(id: string): Promise<'closed' | 'not_due'> {
  const outcome = await closeIfDue(id);
  if (outcome === 'closed') return outcome;
  const current = (await deliveries().doc(id).get()).data();
  if (current && current.statut === 'en_cours' && !current.enLitige && current.autoCloseAt && current.autoCloseAt.toMillis() > now().getTime()) {
    throw new Error(`delivery ${id}: auto-close asked before ${current.autoCloseAt.toDate().toISOString()}; retry later`);
  }
  return outcome;
}

/**
 * The buyer refuses the goods at the door (the courier made the trip: it earns). Not the courier's
 * word: it would earn a fee for a trip never made. Not after the courier's proof of handover (its
 * photo): a buyer who disagrees then opens a dispute, which an admin decides (DOMAIN.md, "Fair
 * exchange": "A refusal at the door before any proof stays as it is").
 */
export async function refuseDelivery(caller: ProfileCaller, id: string, reason: string): Promise<DeliveryView> {
  const refused = await move(id, caller, 'refuse', {
    mayAct: isBuyer,
    reason,
    precheck: (delivery) => {
      if (delivery.preuve && !isAdmin(caller)) throw new ApiError('DELIVERY_PROOF_GIVEN');
    },
  });
  return toDelivery(id, refused, caller);
}

/** The courier could not deliver and brings the goods back to the sellers. */
export async function returnDelivery(caller: ProfileCaller, id: string, reason: string): Promise<DeliveryView> {
  return toDelivery(id, await move(id, caller, 'return', { mayAct: isCourier, reason }), caller);
}

/** The buyer cancels before a courier accepted. */
export async function cancelDelivery(caller: ProfileCaller, id: string): Promise<DeliveryView> {
  const cancelled = await move(id, caller, 'cancel', {
    mayAct: isBuyer,
    precheck: (delivery) => {
      if (delivery.statut !== 'commande') throw new ApiError('INVALID_TRANSITION');
    },
  });
  return toDelivery(id, cancelled, caller);
}

/** Admin levels move a delivery to a status the table allows, with a reason. */
export async function adminSetStatus(caller: ProfileCaller, id: string, body: z.output<typeof AdminDeliveryStatus>): Promise<DeliveryView> {
  const event = ADMIN_EVENT_TO[body.statut];
  const moved = await move(id, caller, event, {
    mayAct: () => false,
    reason: body.reason,
    // To `en_cours`: the admin vouches for the pickups not confirmed yet.
    change: (delivery, at) => (event === 'collect' ? { pickups: delivery.pickups.map((pickup) => ({ ...pickup, collectedAt: pickup.collectedAt ?? at })) } : {}),
    // Its outcome pays the courier and sellers (`livre`) or gives money back: audited with the move.
    alsoIn: (tx, before, after) =>
      audit(tx, {
        actor: caller,
        action: 'delivery.status_set',
        target: { collection: COLLECTIONS.deliveries, id },
        before: { statut: before.statut },
        after: { statut: after.statut },
        reason: body.reason,
        context: { frais: before.frais, source: before.source },
      }),
  });
  return toDelivery(id, moved, caller);
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

/**
 * A dispute of the sale this delivery carries (commerce's `dispute.status_changed`; DOMAIN.md, "Fair
 * exchange"): opened, the delivery waits for its decision instead of closing by itself (`enLitige`, no
 * auto-close); withdrawn, the buyer's silence counts again until the end of its window (from the
 * photo); decided, the trip is over: `livre` (the goods' money follows the decision, the trip's fee
 * the trip). Each once: the moves read the delivery in their transaction.
 */
export async function followDispute(id: string, step: 'opened' | 'withdrawn' | 'decided'): Promise<void> {
  const ref = deliveries().doc(id);
  if (step === 'decided') {
    const current = (await ref.get()).data();
    if (current?.statut !== 'en_cours') return;
    try {
      await move(id, SYSTEM, 'deliver', { mayAct: () => true, reason: 'litige décidé' });
    } catch (error) {
      // Moved meanwhile (ended by an admin, confirmed by the buyer): nothing left to do.
      if (!(error instanceof ApiError && error.code === 'INVALID_TRANSITION')) throw error;
    }
    return;
  }
  const reopened = await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.statut !== 'en_cours') return undefined;
    const at = Timestamp.fromDate(now());
    if (step === 'opened') {
      if (!current.enLitige) tx.update(ref, { enLitige: true, autoCloseAt: null, updatedAt: at });
      return undefined;
    }
    if (!current.enLitige) return undefined;
    const end = current.preuve ? Math.max(at.toMillis(), current.preuve.at.toMillis() + config().DELIVERY_DISPUTE_WINDOW_HOURS * 3_600_000) : null;
    tx.update(ref, { enLitige: false, autoCloseAt: end === null ? null : Timestamp.fromMillis(end), updatedAt: at });
    return end === null ? undefined : { end, proof: current.preuve!.at.toMillis() };
  });
  if (reopened) await scheduleClose(id, Math.ceil((reopened.end - now().getTime()) / 1000), reopened.proof);
}
