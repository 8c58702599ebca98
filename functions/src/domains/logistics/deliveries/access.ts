/**
 * Who may see a delivery and take a step of it: admin levels and the service itself any; a party
 * (its buyer, sellers, courier) the steps its role allows; anyone else sees nothing (answered
 * DELIVERY_NOT_FOUND, so an id tells a stranger nothing).
 */
import type { ProfileCaller } from '../../../core/auth';
import { ApiError } from '../../../core/errors';
import { isAdminRole } from '../../../core/roles';
import type { DeliveryDocument } from './model';
import { deliveries } from './repository';

/** Who acts: a signed-in user, or the service itself (the auto-close). */
export type Actor = Pick<ProfileCaller, 'uid' | 'role'> | 'system';
export const isAdmin = (actor: Actor) => actor !== 'system' && isAdminRole(actor.role);

/** May `actor` take this step? `hidden`: not a party (answered not found); `forbidden`: a party, not its step. */
export type Permission = 'ok' | 'forbidden' | 'hidden';
export function permission(actor: Actor, delivery: DeliveryDocument, mayAct: (uid: string) => boolean): Permission {
  if (actor === 'system' || isAdmin(actor)) return 'ok';
  if (!delivery.parties.includes(actor.uid)) return 'hidden';
  return mayAct(actor.uid) ? 'ok' : 'forbidden';
}

/**
 * The delivery `id` as `actor` may have it, outside a transaction: DELIVERY_NOT_FOUND when it does
 * not exist or `actor` is no party, DELIVERY_ACTION_FORBIDDEN when `mayAct` refuses the party.
 */
export async function deliveryFor(actor: Actor, id: string, mayAct: (uid: string, delivery: DeliveryDocument) => boolean = () => true): Promise<DeliveryDocument> {
  const delivery = (await deliveries().doc(id).get()).data();
  const allowed = delivery ? permission(actor, delivery, (uid) => mayAct(uid, delivery)) : 'hidden';
  if (allowed === 'hidden') throw new ApiError('DELIVERY_NOT_FOUND');
  if (allowed === 'forbidden') throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
  return delivery!;
}
