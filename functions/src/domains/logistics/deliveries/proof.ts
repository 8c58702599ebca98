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
import { storePrivateImage } from '../../catalog';
import { deliveryFor } from './access';

const areaOf = (deliveryId: string) => `preuves/${deliveryId}/`;

/** Whether `path` lies in the delivery's own proof area (a photo of another delivery proves nothing here). */
export function isProofOf(deliveryId: string, path: string): boolean {
  return path.startsWith(areaOf(deliveryId));
}

/** `POST /api/deliveries/{id}/proof` (couriers only): the assigned courier's photo, stored for `POST .../delivered {photo}`. */
export async function storeProof(caller: ProfileCaller, id: string, req: Request) {
  const delivery = await deliveryFor(caller, id, (uid, found) => uid === found.livreur);
  if (delivery.statut !== 'en_cours') throw new ApiError('INVALID_TRANSITION');
  if (delivery.enLitige) throw new ApiError('DELIVERY_DISPUTED');
  return storePrivateImage(req, caller.uid, areaOf(id), 'deliveryProof');
}

/** `GET /api/deliveries/{id}/proof`: the photo the delivery records, for its buyer, its courier and admins. */
export async function readProof(caller: ProfileCaller, id: string) {
  const delivery = await deliveryFor(caller, id, (uid, found) => uid === found.acheteur || uid === found.livreur);
  const path = delivery.preuve?.photo;
  const file = path ? await (await fileStorage()).read(path) : undefined;
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}
