/**
 * What logistics tells: each side of a tricycle contact when the other moves it; couriers the
 * deliveries offered to them; the buyer and the sellers when a courier accepts and as the delivery
 * moves; the buyer when no courier was found or a photo proof starts the auto-close; the courier
 * when the buyer disputes.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { formatDateTime, formatTime } from '../../core/local-time';
import { defineNotices, formatXof } from '../notifications';

const STATUS_FR: Record<string, string> = { en_cours: 'en route', livre: 'livrée', refuse: 'refusée', retour: 'en retour vers les vendeurs', annule: 'annulée' };
const STATUS_EN: Record<string, string> = { en_cours: 'on its way', livre: 'delivered', refuse: 'refused', retour: 'going back to the sellers', annule: 'cancelled' };

export const notices = defineNotices({
  tricycle_contact_initiated: {
    category: 'orders',
    to: 'tricycle driver',
    when: 'a buyer contacted it (with the buyer\'s name)',
    fr: (p) => ({ title: 'Nouvelle demande de tricycle', body: `${p.nom} souhaite vous contacter pour une course.` }),
    en: (p) => ({ title: 'New tricycle request', body: `${p.nom} would like a ride with you.` }),
  },
  tricycle_contact_accepted: {
    category: 'orders',
    to: 'buyer',
    when: 'the driver accepted its contact: the chat room is open',
    fr: (p) => ({ title: 'Demande acceptée', body: `${p.nom} a accepté votre demande : discutez-en dans la messagerie.` }),
    en: (p) => ({ title: 'Request accepted', body: `${p.nom} accepted your request: talk it over in the chat.` }),
  },
  tricycle_contact_declined: {
    category: 'orders',
    to: 'buyer',
    when: 'the driver declined its contact',
    fr: (p) => ({ title: 'Demande déclinée', body: `${p.nom} n’est pas disponible pour votre course.` }),
    en: (p) => ({ title: 'Request declined', body: `${p.nom} is not available for your ride.` }),
  },
  tricycle_contact_closed: {
    category: 'orders',
    to: 'the other side',
    when: 'the buyer or the driver closed their contact',
    fr: (p) => ({ title: 'Contact terminé', body: `${p.nom} a clos votre échange au sujet de la course.` }),
    en: (p) => ({ title: 'Contact closed', body: `${p.nom} closed your exchange about the ride.` }),
  },
  // `trajetKm` is absent from notices requested before offers carried each courier's own distance:
  // their `distanceKm` was the trip, told as before.
  delivery_offer: {
    category: 'orders',
    to: 'courier',
    when: 'a round of offers offers it a delivery (its own distance to the first pickup, the trip\'s length, gain, until when); also in its realtime feed (`delivery-offer`)',
    fr: (p) => ({
      title: 'Nouvelle livraison proposée',
      body: `${p.trajetKm ? `À ${p.distanceKm} km de vous, trajet de ${p.trajetKm} km` : `${p.distanceKm} km`}, gain ${formatXof(p.gainLivreur)}. Acceptez-la avant ${formatTime(p.expiresAt, 'fr')}.`,
    }),
    en: (p) => ({
      title: 'New delivery offered',
      body: `${p.trajetKm ? `${p.distanceKm} km from you, a ${p.trajetKm} km trip` : `${p.distanceKm} km`}, earning ${formatXof(p.gainLivreur)}. Accept it before ${formatTime(p.expiresAt, 'en')}.`,
    }),
  },
  delivery_assigned: {
    category: 'orders',
    to: 'buyer, sellers',
    when: 'a courier accepted their delivery',
    fr: (p) => ({ title: 'Livreur trouvé', body: `Un livreur a accepté la livraison ${p.deliveryId}.` }),
    en: (p) => ({ title: 'Courier found', body: `A courier accepted delivery ${p.deliveryId}.` }),
  },
  delivery_status: {
    category: 'orders',
    to: 'the delivery\'s parties but the one who moved it',
    when: 'a delivery moved (`en_cours`, `livre`, `refuse`, `retour`, `annule`)',
    fr: (p) => ({ title: 'Livraison mise à jour', body: `La livraison ${p.deliveryId} est ${STATUS_FR[p.statut] ?? p.statut}.` }),
    en: (p) => ({ title: 'Delivery updated', body: `Delivery ${p.deliveryId} is ${STATUS_EN[p.statut] ?? p.statut}.` }),
  },
  delivery_no_courier: {
    category: 'orders',
    to: 'buyer',
    when: 'every round of offers ended without a courier (admins relaunch it)',
    fr: (p) => ({ title: 'Livreur introuvable', body: `Aucun livreur n’a encore accepté la livraison ${p.deliveryId} : notre équipe s’en occupe.` }),
    en: (p) => ({ title: 'No courier yet', body: `No courier has accepted delivery ${p.deliveryId} yet: our team is on it.` }),
  },
  // The buyer, when the courier proves a delivery by photo instead of the code: it closes by itself unless the buyer acts.
  delivery_proof: {
    category: 'orders',
    to: 'buyer',
    when: 'the courier proved the delivery by photo: it closes as delivered at `closesAt` (`DELIVERY_DISPUTE_WINDOW_HOURS`) unless the buyer confirms or opens a dispute',
    fr: (p) => ({
      title: 'Livraison déclarée avec photo',
      body: `Le livreur dit avoir livré ${p.deliveryId}. Confirmez la réception ou ouvrez un litige avant le ${formatDateTime(p.closesAt, 'fr')} ; sans réponse, elle sera close comme livrée et le vendeur payé.`,
    }),
    en: (p) => ({
      title: 'Delivery declared with a photo',
      body: `The courier says delivery ${p.deliveryId} was handed over. Confirm it or open a dispute before ${formatDateTime(p.closesAt, 'en')}; without an answer it closes as delivered and the seller is paid.`,
    }),
  },
  // The courier, when the buyer reports the delivery not received: admins decide, nothing closes by itself.
  delivery_disputed: {
    category: 'orders',
    to: 'courier',
    when: 'the buyer reported the delivery not received (its reason): admins decide',
    fr: (p) => ({ title: 'Livraison contestée', body: `L’acheteur signale la livraison ${p.deliveryId} comme non reçue (${p.motif}). Notre équipe va vous contacter.` }),
    en: (p) => ({ title: 'Delivery disputed', body: `The buyer reports delivery ${p.deliveryId} as not received (${p.motif}). Our team will contact you.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
