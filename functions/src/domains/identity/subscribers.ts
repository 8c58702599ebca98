/** The identity domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { copyVerificationStatus } from './repository';

export const subscribers = [
  // The profile shows where the forwarder's verification stands.
  subscriber('identity.verification_status', 'transitaire.verification_changed', async ({ payload }) => {
    const status = { statut: payload.statut, ...(payload.rejectionMotif ? { rejectionMotif: payload.rejectionMotif } : {}) };
    await copyVerificationStatus(payload.uid, status, payload.at);
  }),
];
