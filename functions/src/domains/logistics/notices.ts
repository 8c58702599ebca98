/**
 * What logistics tells: couriers the deliveries offered to them, the buyer and the sellers when a
 * courier accepts and as the delivery moves, the buyer when no courier was found.
 * Registered with the others by src/notices.ts; README, "Notices".
 */
import { defineNotices, formatXof } from '../notifications';

const STATUS_FR: Record<string, string> = { en_cours: 'en route', livre: 'livrée', refuse: 'refusée', retour: 'en retour vers les vendeurs', annule: 'annulée' };
const STATUS_EN: Record<string, string> = { en_cours: 'on its way', livre: 'delivered', refuse: 'refused', retour: 'going back to the sellers', annule: 'cancelled' };

export const notices = defineNotices({
  delivery_offer: {
    category: 'orders',
    fr: (p) => ({ title: 'Nouvelle livraison proposée', body: `${p.distanceKm} km, gain ${formatXof(p.gainLivreur)}. Acceptez-la avant ${p.expiresAt}.` }),
    en: (p) => ({ title: 'New delivery offered', body: `${p.distanceKm} km, earning ${formatXof(p.gainLivreur)}. Accept it before ${p.expiresAt}.` }),
  },
  delivery_assigned: {
    category: 'orders',
    fr: (p) => ({ title: 'Livreur trouvé', body: `Un livreur a accepté la livraison ${p.deliveryId}.` }),
    en: (p) => ({ title: 'Courier found', body: `A courier accepted delivery ${p.deliveryId}.` }),
  },
  delivery_status: {
    category: 'orders',
    fr: (p) => ({ title: 'Livraison mise à jour', body: `La livraison ${p.deliveryId} est ${STATUS_FR[p.statut] ?? p.statut}.` }),
    en: (p) => ({ title: 'Delivery updated', body: `Delivery ${p.deliveryId} is ${STATUS_EN[p.statut] ?? p.statut}.` }),
  },
  delivery_no_courier: {
    category: 'orders',
    fr: (p) => ({ title: 'Livreur introuvable', body: `Aucun livreur n’a encore accepté la livraison ${p.deliveryId} : notre équipe s’en occupe.` }),
    en: (p) => ({ title: 'No courier yet', body: `No courier has accepted delivery ${p.deliveryId} yet: our team is on it.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
