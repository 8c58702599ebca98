/**
 * An inspection request's status moves (core/fsm.ts): by its table, with their history entry and
 * their `verification.status_changed` (the request as the move leaves it is the context its payload
 * reads: its status aside), in the caller's transaction. Its opening (`start`) included.
 */
import { stateMachine } from '../../../core/fsm';
import type { NewInspection } from './model';
import { INSPECTION_TRANSITIONS } from './state';

export const inspectionMachine = stateMachine({
  table: INSPECTION_TRANSITIONS,
  statusEvent: {
    type: 'verification.status_changed',
    payload: ({ id, from, to, at }, request: NewInspection) => ({
      verificationId: id,
      articleId: request.articleId,
      articleTitre: request.articleTitre ?? '',
      acheteur: request.acheteur,
      vendeur: request.vendeur,
      paymentId: request.paymentId,
      from,
      to,
      motif: request.motif ?? null,
      requestedAt: request.createdAt.toDate().toISOString(),
      at: at.toISOString(),
    }),
  },
});
