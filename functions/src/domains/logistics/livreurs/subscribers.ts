/** Couriers' reactions to other domains' events. */
import { subscriber } from '../../../core/events';
import { getUser } from '../../identity';
import { followProfile } from './presence';

export const subscribers = [
  // A courier renamed, blocked, or whose role changed: its presence follows (blocked: offline at once).
  subscriber('logistics.courier_on_profile', 'user.changed', async ({ payload }) => {
    if (payload.role === 'livreur' || payload.previousRole === 'livreur') await followProfile(payload.uid, await getUser(payload.uid));
  }),
];
