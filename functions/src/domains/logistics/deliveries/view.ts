/**
 * A delivery as each party reads it (docs/guides/logistics.md, "Deliveries"): whole for its buyer,
 * its courier and admins (the handover code is the buyer's and admins' only), a seller's part for a
 * seller (seller-view.ts); and the lists of deliveries each may read.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { deliveryFor } from './access';
import { planDeliveryList } from './listing';
import type { DeliveryDocument } from './model';
import { deliveries } from './repository';
import type { Delivery, DeliveryListQuery } from './schemas';
import { publicPickup, readsAsSeller, toSellerDelivery } from './seller-view';

export type DeliveryView = z.input<typeof Delivery>;

const iso = (value: Timestamp | null) => value?.toDate().toISOString() ?? null;

/** The delivery as `viewer` sees it: the handover code is the buyer's (and admins') only. */
export function toDelivery(id: string, delivery: DeliveryDocument, viewer?: Pick<ProfileCaller, 'uid' | 'role'>): DeliveryView {
  const seesCode = viewer === undefined || viewer.uid === delivery.acheteur || isAdminRole(viewer.role);
  return {
    id,
    source: delivery.source,
    acheteur: delivery.acheteur,
    vendeurs: delivery.vendeurs,
    livreur: delivery.livreur,
    pickups: delivery.pickups.map(publicPickup),
    destination: delivery.destination,
    instructions: delivery.instructions,
    distanceKm: delivery.distanceKm,
    frais: delivery.frais,
    gainLivreur: delivery.gainLivreur,
    gainSociete: delivery.gainSociete,
    statut: delivery.statut,
    round: delivery.round,
    radiusKm: delivery.radiusKm,
    roundEndsAt: iso(delivery.roundEndsAt),
    sansLivreur: delivery.sansLivreur,
    code: seesCode ? delivery.code : null,
    preuve: delivery.preuve ? { photo: delivery.preuve.photo, at: delivery.preuve.at.toDate().toISOString() } : null,
    autoCloseAt: iso(delivery.autoCloseAt),
    litige: delivery.litige ? { motif: delivery.litige.motif, at: delivery.litige.at.toDate().toISOString(), by: delivery.litige.by } : null,
    enLitige: delivery.enLitige ?? false,
    history: delivery.history.map((entry) => ({ ...entry, at: entry.at.toDate().toISOString() })),
    createdAt: delivery.createdAt.toDate().toISOString(),
    updatedAt: delivery.updatedAt.toDate().toISOString(),
  };
}

/** The delivery as `caller` reads it: whole for its buyer, its courier and admins; a seller's part for a seller (seller-view.ts). */
export function viewFor(id: string, delivery: DeliveryDocument, caller: ProfileCaller) {
  return readsAsSeller(caller, delivery) ? toSellerDelivery(id, delivery, caller.uid) : toDelivery(id, delivery, caller);
}

export async function readDelivery(caller: ProfileCaller, id: string) {
  return viewFor(id, await deliveryFor(caller, id), caller);
}

/**
 * Admin levels: every delivery, with filters. Others: their own (a courier those it was assigned,
 * a seller those it has a pickup in, anyone else those it bought), by status at most.
 */
export async function listDeliveries(caller: ProfileCaller, query: z.output<typeof DeliveryListQuery>, page: PageRequest) {
  const own = caller.role === 'livreur' ? 'livreur' : caller.role === 'vendeur' ? 'vendeurs' : 'acheteur';
  const plan = planDeliveryList(isAdminRole(caller.role) ? { admin: true } : { admin: false, field: own, uid: caller.uid }, query);
  let filtered = deliveries().orderBy('createdAt', 'desc');
  for (const [field, value] of plan) filtered = filtered.where(field, field === 'vendeurs' ? 'array-contains' : '==', value);
  const { docs, total } = await readPage(filtered, page);
  return toPage(page, docs.map((doc) => viewFor(doc.id, doc.data(), caller)), total);
}
