/** The chat domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { ensureRoom } from './service';

export const subscribers = [
  // A tricycle driver accepted a buyer's contact: their room about it exists from then on (one room
  // per contact and pair, so a second delivery or a later acceptance finds it).
  subscriber('chat.tricycle_room', 'tricycle.contact_accepted', async ({ payload }) => {
    await ensureRoom('tricycle', payload.contactId, [payload.acheteur, payload.chauffeur], payload.acheteur);
  }),
];
