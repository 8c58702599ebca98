/**
 * A verification request's status moves (core/fsm.ts): by its table, with their
 * `verification.status_changed` (the request as it is after the move is the context its payload
 * reads), in the caller's transaction.
 */
import { stateMachine } from '../../../core/fsm';
import type { VerificationDocument } from './model';
import { VERIFICATION_TRANSITIONS } from './state';

export const verificationMachine = stateMachine({
  table: VERIFICATION_TRANSITIONS,
  statusEvent: {
    type: 'verification.status_changed',
    payload: ({ id, from, to, at }, request: VerificationDocument) => ({
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
