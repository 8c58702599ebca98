/**
 * What logistics tells: each side of a tricycle contact when the other moves it.
 * Registered with the others by src/notices.ts; README, "Notices".
 */
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  tricycle_contact_initiated: {
    category: 'orders',
    fr: (p) => ({ title: 'Nouvelle demande de tricycle', body: `${p.nom} souhaite vous contacter pour une course.` }),
    en: (p) => ({ title: 'New tricycle request', body: `${p.nom} would like a ride with you.` }),
  },
  tricycle_contact_accepted: {
    category: 'orders',
    fr: (p) => ({ title: 'Demande acceptée', body: `${p.nom} a accepté votre demande : discutez-en dans la messagerie.` }),
    en: (p) => ({ title: 'Request accepted', body: `${p.nom} accepted your request: talk it over in the chat.` }),
  },
  tricycle_contact_declined: {
    category: 'orders',
    fr: (p) => ({ title: 'Demande déclinée', body: `${p.nom} n’est pas disponible pour votre course.` }),
    en: (p) => ({ title: 'Request declined', body: `${p.nom} is not available for your ride.` }),
  },
  tricycle_contact_closed: {
    category: 'orders',
    fr: (p) => ({ title: 'Contact terminé', body: `${p.nom} a clos votre échange au sujet de la course.` }),
    en: (p) => ({ title: 'Contact closed', body: `${p.nom} closed your exchange about the ride.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
