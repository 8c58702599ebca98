/**
 * Who may talk about what: the two sides of each kind of context (a listing, a forwarder's mission,
 * an order, a tricycle contact), read from the domain that owns it.
 */
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { getArticle, isReadableByAll } from '../catalog';
import { findOrder } from '../commerce';
import { findTricycleContact } from '../logistics';
import { findMission } from '../transit';
import type { OpenRoomRequest } from './schemas';

/** The two sides a context allows, the caller being one of them; refused otherwise. */
export async function participantsOf(caller: ProfileCaller, input: z.output<typeof OpenRoomRequest>): Promise<[string, string]> {
  if (input.contextKind === 'article') {
    // Only about a listing anyone may read, with the answer its read gives a buyer otherwise: a
    // withdrawn or hidden listing is no way in to its seller, and its seller has no one to meet
    // there either. A room opened meanwhile stays (docs/guides/chat.md, Chat): it was opened while the
    // listing was readable, and its two sides may still settle a sale.
    const article = await getArticle(input.contextId);
    if (!article || !isReadableByAll(article, now())) throw new ApiError('ARTICLE_NOT_FOUND');
    if (caller.uid !== article.vendeur) {
      // A buyer asks the seller; another seller, a forwarder or an admin is no side of a listing.
      if (caller.role !== 'acheteur') throw new ApiError('CHAT_NOT_ALLOWED');
      return [caller.uid, article.vendeur];
    }
    // The seller answers a buyer who wrote first: it names the buyer, whose room must exist.
    if (!input.participant || input.participant === caller.uid) throw new ApiError('CHAT_NOT_ALLOWED');
    return [input.participant, caller.uid];
  }
  if (input.contextKind === 'transitMission') {
    const mission = await findMission(input.contextId);
    if (!mission) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
    if (!mission.transitaire || (caller.uid !== mission.acheteur && caller.uid !== mission.transitaire)) throw new ApiError('CHAT_NOT_ALLOWED');
    return [mission.acheteur, mission.transitaire];
  }
  if (input.contextKind === 'order') {
    // An order's buyer and one of its sellers. Orders are private: to anyone else it does not exist.
    const order = await findOrder(input.contextId);
    if (!order || (caller.uid !== order.acheteur && !order.vendeurs.includes(caller.uid))) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
    if (caller.uid !== order.acheteur) return [order.acheteur, caller.uid];
    // The buyer names the seller it writes to: one room per seller of a several-seller order.
    if (!input.participant || !order.vendeurs.includes(input.participant)) throw new ApiError('CHAT_NOT_ALLOWED');
    return [caller.uid, input.participant];
  }
  // A tricycle contact's buyer and driver, once the driver accepted it (the room opens then:
  // subscribers.ts); it stays theirs after the contact closes. Contacts are private: to anyone
  // else it does not exist.
  const contact = await findTricycleContact(input.contextId);
  if (!contact || (caller.uid !== contact.acheteur && caller.uid !== contact.chauffeur)) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
  if (!contact.acceptedAt) throw new ApiError('CHAT_NOT_ALLOWED');
  return [contact.acheteur, contact.chauffeur];
}
