/**
 * A courier's day: the deliveries offered to it, those it carries, those it finished, and what it
 * earned. Reads only: offers and deliveries are written by deliveries/, the money by the wallet.
 * Every list is one page of an indexed query plus its count; offers join their deliveries (one
 * read of at most a page of documents).
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { collection, COLLECTIONS, getAll, isoOrNull } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { summaryOf } from '../../wallet';
import { ACTIVE_DELIVERY_STATUSES, type DeliveryDocument, type DeliveryOfferDocument, type DeliveryStatus } from '../deliveries/model';
import type { CourierDelivery, DELIVERY_SCOPES, Earnings } from './schemas';

/** Where a delivery is over, one way or another. */
export const PAST_DELIVERY_STATUSES = ['livre', 'refuse', 'retour', 'annule'] as const satisfies readonly DeliveryStatus[];

/** Wallet entries shown with the earnings. */
const RECENT_ENTRIES = 10;
const EARNING_MONTHS = 12;

const deliveries = () => collection<DeliveryDocument>(COLLECTIONS.deliveries);
const offers = () => collection<DeliveryOfferDocument>(COLLECTIONS.deliveryOffers);

type Item = z.input<typeof CourierDelivery>;

function toItem(id: string, delivery: DeliveryDocument, offer: DeliveryOfferDocument | null): Item {
  return {
    id,
    statut: delivery.statut,
    frais: delivery.frais,
    gainLivreur: delivery.gainLivreur,
    distanceKm: delivery.distanceKm,
    pickups: delivery.pickups.map((pickup) => ({ vendeur: pickup.vendeur, position: pickup.position, adresse: pickup.adresse, collectedAt: isoOrNull(pickup.collectedAt) })),
    destination: { position: delivery.destination.position, adresse: delivery.destination.adresse },
    instructions: delivery.instructions,
    createdAt: delivery.createdAt.toDate().toISOString(),
    updatedAt: delivery.updatedAt.toDate().toISOString(),
    offer: offer ? { round: offer.round, distanceKm: offer.distanceKm, expiresAt: offer.expiresAt.toDate().toISOString() } : null,
  };
}

/**
 * An offer as the courier sees it before accepting: what the offer document holds (the shops to
 * collect from, the destination's area rounded to about a kilometre), never the buyer's address,
 * the sellers' ids nor the instructions, which the delivery shows once the courier has accepted.
 */
function toOfferItem(id: string, delivery: DeliveryDocument, offer: DeliveryOfferDocument): Item {
  return {
    id,
    statut: delivery.statut,
    frais: offer.frais,
    gainLivreur: offer.gainLivreur,
    // The trip; the courier's own distance to the first pickup is the offer's.
    distanceKm: delivery.distanceKm,
    pickups: offer.pickups.map((pickup) => ({ vendeur: null, position: pickup.position, adresse: pickup.adresse, collectedAt: null })),
    destination: { position: offer.destination.zone, adresse: null },
    instructions: null,
    createdAt: delivery.createdAt.toDate().toISOString(),
    updatedAt: delivery.updatedAt.toDate().toISOString(),
    offer: { round: offer.round, distanceKm: offer.distanceKm, expiresAt: offer.expiresAt.toDate().toISOString() },
  };
}

export async function myDeliveries(caller: ProfileCaller, scope: (typeof DELIVERY_SCOPES)[number], page: PageRequest) {
  if (scope === 'offered') return myOffers(caller, page);
  const statuses = scope === 'active' ? ACTIVE_DELIVERY_STATUSES : PAST_DELIVERY_STATUSES;
  const query = deliveries().where('livreur', '==', caller.uid).where('statut', 'in', [...statuses]).orderBy('updatedAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toItem(doc.id, doc.data(), null)), total);
}

/**
 * Open offers not yet expired, soonest to expire first. An offer whose delivery is gone (or was
 * taken by another courier since) is left out of the page rather than shown stale.
 */
async function myOffers(caller: ProfileCaller, page: PageRequest) {
  const query = offers().where('livreur', '==', caller.uid).where('statut', '==', 'ouverte').where('expiresAt', '>', Timestamp.fromDate(now())).orderBy('expiresAt', 'asc');
  const { docs, total } = await readPage(query, page);
  const found = await getAll(docs.map((doc) => deliveries().doc(doc.data().deliveryId)));
  const items: Item[] = [];
  docs.forEach((doc, index) => {
    const delivery = found[index].data();
    if (delivery && delivery.statut === 'commande') items.push(toOfferItem(found[index].id, delivery, doc.data()));
  });
  return toPage(page, items, total);
}

/** The wallet with its delivery gains (`gain_livraison`) by business month. */
export async function myEarnings(caller: ProfileCaller): Promise<z.input<typeof Earnings>> {
  const wallet = await summaryOf(caller.uid, RECENT_ENTRIES);
  const month = businessDay(now(), config().BUSINESS_TIME_ZONE).slice(0, 7);
  const months = Object.entries(wallet.months)
    .map(([key, totals]) => ({ month: key, gains: totals.gain_livraison ?? 0 }))
    .filter((entry) => entry.gains !== 0)
    .sort((a, b) => b.month.localeCompare(a.month))
    .slice(0, EARNING_MONTHS);
  return {
    balance: wallet.balance,
    currency: 'XOF',
    currentMonth: { month, gains: wallet.months[month]?.gain_livraison ?? 0 },
    months,
    totalGains: months.reduce((sum, entry) => sum + entry.gains, 0),
    recent: wallet.recent,
  };
}
