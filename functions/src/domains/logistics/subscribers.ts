/** The logistics domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { getUser } from '../identity';
import { followProfile } from './tricycles/drivers';

export const subscribers = [
  // A tricycle driver's card follows its profile; blocked, or no chauffeur any more, it goes offline.
  subscriber('logistics.tricycle_driver_on_profile', 'user.changed', async ({ payload }) => {
    if (payload.role !== 'chauffeur' && payload.previousRole !== 'chauffeur') return;
    const user = await getUser(payload.uid);
    await followProfile(payload.uid, user, payload.isBlocked || payload.role !== 'chauffeur');
  }),
];
