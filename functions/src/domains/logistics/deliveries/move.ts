/**
 * One move of a delivery's status table (state.ts, machine.ts) in a transaction on the delivery: the
 * caller's part checked on the current document (a stranger is answered not found, a party whose
 * step it is not DELIVERY_ACTION_FORBIDDEN), the machine decides and tells the parties, and a final
 * status emits its event (settlement.ts applies the money once). Of several moves at once only the
 * first commits; the others find the new status. moves.ts holds the moves themselves.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { type Actor, permission } from './access';
import { deliveryMachine, offerMachine } from './machine';
import type { DeliveryDocument } from './model';
import { deliveries, openOffers, tracking } from './repository';
import { type DeliveryEvent, isFinal } from './state';

export const SYSTEM: Actor = 'system';
const uidOf = (actor: Actor) => (actor === 'system' ? 'system' : actor.uid);

export interface MoveOptions {
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
export async function move(id: string, actor: Actor, event: DeliveryEvent, options: MoveOptions): Promise<DeliveryDocument> {
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
    for (const offer of open) tx.update(offer.ref, offerMachine.move(tx, { id: offer.id, from: offer.data()!.statut, event: 'expire', at: at.toDate(), history: offer.data()!.history ?? [] }));
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

export const isCourier = (uid: string, delivery: DeliveryDocument) => delivery.livreur === uid;
export const isBuyer = (uid: string, delivery: DeliveryDocument) => delivery.acheteur === uid;
