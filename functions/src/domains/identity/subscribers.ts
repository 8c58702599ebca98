/** The identity domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { copyVerificationStatus } from './repository';

export const subscribers = [
  // The profile's copy of the forwarder's verification status is written by the deciding
  // transaction; this finishes events emitted before it did (a copy never goes back in time).
  subscriber('identity.verification_status', 'transitaire.verification_changed', async ({ payload }) => {
    const status = { statut: payload.statut, ...(payload.rejectionMotif ? { rejectionMotif: payload.rejectionMotif } : {}) };
    await copyVerificationStatus(payload.uid, status, payload.at);
  }),
];
