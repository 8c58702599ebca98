/** The identity domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { copyForwarderFileStatus } from './forwarder-file-copy';

export const subscribers = [
  // The profile's copy of the forwarder file's status is written by the deciding transaction; this
  // finishes events emitted before it did (a copy never goes back in time).
  subscriber('identity.verification_status', 'transitaire.verification_changed', async ({ payload }) => {
    const status = { statut: payload.statut, ...(payload.rejectionMotif ? { rejectionMotif: payload.rejectionMotif } : {}) };
    await copyForwarderFileStatus(payload.uid, status, payload.at);
  }),
];
