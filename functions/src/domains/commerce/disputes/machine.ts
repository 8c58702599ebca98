/**
 * A dispute's status moves (core/fsm.ts): by its table, with their history entry and their
 * `dispute.status_changed`, in the caller's transaction. The event carries the parties: its
 * notices (tells.ts) and the delivery's pause (logistics' subscriber) read them from it.
 */
import { stateMachine } from '../../../core/fsm';
import type { DisputeDocument } from './model';
import { DISPUTE_TRANSITIONS, type DisputeEvent, type DisputeStatus } from './state';

type Parties = Pick<DisputeDocument, 'vente' | 'acheteur' | 'vendeurs' | 'livreur' | 'livraisonId' | 'decision'>;

export const disputeMachine = stateMachine<DisputeStatus, DisputeEvent, Parties>({
  table: DISPUTE_TRANSITIONS,
  statusEvent: {
    type: 'dispute.status_changed',
    payload: ({ id, from, to, at, by }, dispute) => ({
      disputeId: id,
      from,
      to,
      at: at.toISOString(),
      by,
      vente: dispute.vente,
      acheteur: dispute.acheteur,
      vendeurs: dispute.vendeurs,
      livreur: dispute.livreur,
      livraisonId: dispute.livraisonId,
      montantRembourse: dispute.decision?.montantRembourse ?? null,
    }),
  },
});
