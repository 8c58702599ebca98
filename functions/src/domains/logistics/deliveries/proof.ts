/**
 * The courier's handover photo, for a delivery closed without the buyer's code: uploaded by the
 * assigned courier while the delivery is `en_cours` (and not disputed), stored privately in the
 * delivery's own area, `preuves/{deliveryId}/{uuid}.{ext}`, and kept as evidence from the start
 * (the upload ledger's `deliveryProof`: the clean-up never deletes it). It is never public: the
 * doorstep is the buyer's. The buyer, the courier and admins read the photo a delivery records.
 */
import type { Request } from 'express';
import { fileStorage } from '../../../adapters/storage/storage';
import type { ProfileCaller } from '../../../core/auth';
import { ApiError } from '../../../core/errors';
import { isAdminRole } from '../../../core/roles';
import { storePrivateImage } from '../../catalog';
import type { DeliveryDocument } from './model';
import { deliveries } from './repository';

const areaOf = (deliveryId: string) => `preuves/${deliveryId}/`;

/** Whether `path` lies in the delivery's own proof area (a photo of another delivery proves nothing here). */
export function isProofOf(deliveryId: string, path: string): boolean {
  return path.startsWith(areaOf(deliveryId));
}

async function deliveryFor(caller: ProfileCaller, id: string): Promise<DeliveryDocument> {
  const delivery = (await deliveries().doc(id).get()).data();
  if (!delivery || (!delivery.parties.includes(caller.uid) && !isAdminRole(caller.role))) throw new ApiError('DELIVERY_NOT_FOUND');
  return delivery;
}

/** `POST /api/deliveries/{id}/proof`: the assigned courier's photo, stored for `POST .../delivered {photo}`. */
export async function storeProof(caller: ProfileCaller, id: string, req: Request) {
  const delivery = await deliveryFor(caller, id);
  if (delivery.livreur !== caller.uid) throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
  if (delivery.statut !== 'en_cours') throw new ApiError('INVALID_TRANSITION');
  if (delivery.enLitige) throw new ApiError('DELIVERY_DISPUTED');
  return storePrivateImage(req, caller.uid, areaOf(id), 'deliveryProof');
}

/** `GET /api/deliveries/{id}/proof`: the photo the delivery records, for its buyer, its courier and admins. */
export async function readProof(caller: ProfileCaller, id: string) {
  const delivery = await deliveryFor(caller, id);
  if (caller.uid !== delivery.acheteur && caller.uid !== delivery.livreur && !isAdminRole(caller.role)) throw new ApiError('DELIVERY_ACTION_FORBIDDEN');
  const path = delivery.preuve?.photo;
  const file = path ? await (await fileStorage()).read(path) : undefined;
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}
