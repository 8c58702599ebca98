/**
 * A seller reads its part of a delivery (docs/guides/commerce.md, "What each party of an order sees"): the courier
 * collects at the seller's shop and carries the goods, so the seller needs its own pickup and the
 * delivery's progress, not the buyer's address, the fee, or the other sellers' pickups.
 */
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { isAdminRole } from '../../../core/roles';
import type { DeliveryDocument, Pickup } from './model';
import type { SellerDelivery } from './schemas';

const iso = (at: { toDate(): Date } | null | undefined) => (at ? at.toDate().toISOString() : null);

/** A pickup as every party reads it: never its code (its seller's alone) nor the wrong codes counted. */
export function publicPickup(pickup: Pickup) {
  return { vendeur: pickup.vendeur, position: pickup.position, adresse: pickup.adresse, collectedAt: iso(pickup.collectedAt) };
}

/** Whether the caller reads the delivery only as one of its sellers (not its buyer, courier or an admin). */
export function readsAsSeller(caller: Pick<ProfileCaller, 'uid' | 'role'>, delivery: DeliveryDocument): boolean {
  return delivery.vendeurs.includes(caller.uid) && caller.uid !== delivery.acheteur && caller.uid !== delivery.livreur && !isAdminRole(caller.role);
}

export function toSellerDelivery(id: string, delivery: DeliveryDocument, seller: string): z.input<typeof SellerDelivery> {
  const known = new Set([seller, delivery.acheteur, delivery.livreur, 'system']);
  return {
    id,
    source: delivery.source,
    acheteur: delivery.acheteur,
    livreur: delivery.livreur,
    // Its own pickup, with its pickup code: the seller gives it to the courier with the goods.
    pickups: delivery.pickups.filter((pickup) => pickup.vendeur === seller).map((pickup) => ({ ...publicPickup(pickup), code: pickup.code ?? null })),
    statut: delivery.statut,
    round: delivery.round,
    roundEndsAt: iso(delivery.roundEndsAt),
    sansLivreur: delivery.sansLivreur,
    enLitige: delivery.enLitige ?? false,
    history: delivery.history.map((entry) => ({ ...entry, by: known.has(entry.by) ? entry.by : 'autre', at: entry.at.toDate().toISOString() })),
    createdAt: delivery.createdAt.toDate().toISOString(),
    updatedAt: delivery.updatedAt.toDate().toISOString(),
  };
}
