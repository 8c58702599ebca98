/**
 * The moves of a delivery after a courier accepted it (docs/guides/logistics.md, "Deliveries"): the
 * pickups, the handover (code or photo), the buyer's confirmation, dispute or refusal, the courier's
 * return, the buyer's cancel before an accept, an admin's status, and the closes that follow a photo
 * or a dispute. Each is one transaction on the delivery (move.ts for those the status table decides).
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { COLLECTIONS } from '../../../core/firestore';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { uploadOwner } from '../../catalog';
import { isAdmin, permission } from './access';
import { deliveryMachine } from './machine';
import type { DeliveryDocument } from './model';
import { isBuyer, isCourier, move, SYSTEM } from './move';
import { isProofOf } from './proof';
import { deliveries } from './repository';
import type { AdminDeliveryStatus, DeliveredRequest } from './schemas';
import { ADMIN_EVENT_TO } from './state';
import { scheduleClose } from './tasks';
import { type DeliveryView, toDelivery, viewFor } from './view';

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
