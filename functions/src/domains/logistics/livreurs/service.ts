/**
 * The courier's own presence and the admins' view of couriers. Presence is written only by the
 * courier (status and location routes); admins read. A courier appears in the admins' list once it
 * has reported its presence (status or location) at least once; `GET /api/livreurs/{uid}` answers
 * for any courier account, offline and nowhere when it never did.
 */
import type { Query } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { ApiError } from '../../../core/errors';
import { collection, COLLECTIONS, isoOrNull } from '../../../core/firestore';
import type { Point } from '../../../core/nearby';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { searchKey } from '../../../core/text';
import { getUser, requireProvenTelephone } from '../../identity';
import { ACTIVE_DELIVERY_STATUSES, type DeliveryDocument } from '../deliveries/model';
import { type LivreurPresence, presences, readPresence, setStatus, TRACKED_DELIVERIES_LIMIT, updateLocation } from './presence';
import type { AdminLivreur, AdminLivreurDetail, AdminLivreursQuery, LocationAnswer, Presence } from './schemas';

type PresenceOutput = z.input<typeof Presence>;

function toPresence(uid: string, presence: LivreurPresence | undefined): PresenceOutput {
  return {
    uid,
    online: presence?.online ?? false,
    position: presence?.position ?? null,
    locationAt: isoOrNull(presence?.locationAt),
    updatedAt: isoOrNull(presence?.updatedAt),
  };
}

function toAdminLivreur(uid: string, presence: LivreurPresence): z.input<typeof AdminLivreur> {
  return { ...toPresence(uid, presence), nom: presence.nom, prenoms: presence.prenoms, telephone: presence.telephone };
}

export async function myPresence(caller: ProfileCaller): Promise<PresenceOutput> {
  return toPresence(caller.uid, await readPresence(caller.uid));
}

/**
 * Online or offline (presence.ts). Online brings delivery offers, and with them the shops' places and,
 * once accepted, the buyer's: only for a courier whose telephone is proven (DOMAIN.md, "Proven
 * people"), PHONE_NOT_VERIFIED otherwise, nothing written. Going offline is always allowed.
 */
export async function changeStatus(caller: ProfileCaller, online: boolean, position: Point | undefined): Promise<PresenceOutput> {
  if (online) requireProvenTelephone(caller);
  return toPresence(caller.uid, await setStatus(caller.uid, caller.profile, online, position));
}

export async function reportLocation(caller: ProfileCaller, position: Point): Promise<z.input<typeof LocationAnswer>> {
  const outcome = await updateLocation(caller.uid, caller.profile, position);
  return { written: outcome.written, nextAllowedAt: outcome.nextAllowedAt.toISOString(), tracked: outcome.tracked, presence: toPresence(caller.uid, outcome.presence) };
}

/**
 * Couriers that reported their presence, filtered by online flag and by name prefix or telephone.
 * By name when `q` is given, otherwise the last active first.
 */
export async function listLivreurs(filters: z.output<typeof AdminLivreursQuery>, page: PageRequest) {
  let query: Query<LivreurPresence> = presences();
  if (filters.online) query = query.where('online', '==', filters.online === 'true');
  if (filters.telephone) query = query.where('telephone', '==', filters.telephone);
  if (filters.q) {
    const key = searchKey(filters.q);
    query = query.where('nameKey', '>=', key).where('nameKey', '<', `${key}\uf8ff`).orderBy('nameKey');
  } else {
    query = query.orderBy('updatedAt', 'desc');
  }
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toAdminLivreur(doc.id, doc.data())), total);
}

/** One courier for an admin: its presence, profile summary and active deliveries. */
export async function adminLivreur(uid: string): Promise<z.input<typeof AdminLivreurDetail>> {
  const [user, presence, active] = await Promise.all([
    getUser(uid),
    readPresence(uid),
    collection<DeliveryDocument>(COLLECTIONS.deliveries)
      .where('livreur', '==', uid)
      .where('statut', 'in', [...ACTIVE_DELIVERY_STATUSES])
      .limit(TRACKED_DELIVERIES_LIMIT)
      .get(),
  ]);
  if (!user || user.role !== 'livreur') throw new ApiError('LIVREUR_NOT_FOUND');
  return {
    ...toPresence(uid, presence),
    nom: user.nom,
    prenoms: user.prenoms,
    telephone: user.telephone,
    isBlocked: user.isBlocked,
    activeDeliveries: active.docs.map((doc) => doc.id),
  };
}
