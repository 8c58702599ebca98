/**
 * What the transit domain tells buyers and forwarders: missions and the forwarders' verification.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  transit_selection: {
    category: 'transit',
    to: 'forwarder',
    when: 'a buyer chose it',
    fr: (p) => ({ title: 'Nouvelle mission de transit', body: `Un acheteur vous a choisi pour « ${p.articleTitre} ».` }),
    en: (p) => ({ title: 'New transit mission', body: `A buyer chose you for “${p.articleTitre}”.` }),
  },
  transit_transfer: {
    category: 'transit',
    to: 'forwarder',
    when: 'the vehicle is handed over',
    fr: (p) => ({ title: 'Véhicule transféré', body: `Le véhicule « ${p.articleTitre} » vous est transféré.` }),
    en: (p) => ({ title: 'Vehicle handed over', body: `The vehicle “${p.articleTitre}” is handed over to you.` }),
  },
  transit_rejected: {
    category: 'transit',
    to: 'buyer',
    when: 'the forwarder refused the mission',
    fr: (p) => ({ title: 'Transitaire indisponible', body: `Le transitaire a refusé la mission « ${p.articleTitre} ». Choisissez-en un autre.` }),
    en: (p) => ({ title: 'Forwarder unavailable', body: `The forwarder turned down “${p.articleTitre}”. Please choose another one.` }),
  },
  transit_forwarder_unavailable: {
    category: 'transit',
    to: 'buyer',
    when: 'an admin blocked the forwarder of its `en_cours` mission: the journey is back to `parcours`, choose another',
    fr: (p) => ({ title: 'Transitaire à remplacer', body: `Le transitaire choisi pour « ${p.articleTitre} » n’est plus disponible. Choisissez-en un autre.` }),
    en: (p) => ({ title: 'Choose another forwarder', body: `The forwarder chosen for “${p.articleTitre}” is no longer available. Please choose another one.` }),
  },
  transit_completed: {
    category: 'transit',
    to: 'buyer',
    when: 'the forwarder closed the mission (`traite`)',
    fr: (p) => ({ title: 'Transit terminé', body: `Le transitaire a terminé la mission « ${p.articleTitre} ». Vous pouvez lui laisser un avis.` }),
    en: (p) => ({ title: 'Transit completed', body: `The forwarder completed “${p.articleTitre}”. You can now review them.` }),
  },
  transitaire_verification_approved: {
    category: 'system',
    to: 'forwarder',
    when: 'an admin approved its file',
    fr: () => ({ title: 'Compte transitaire validé', body: 'Votre compte est vérifié : les acheteurs peuvent vous choisir.' }),
    en: () => ({ title: 'Forwarder account approved', body: 'Your account is verified: buyers can now choose you.' }),
  },
  transitaire_verification_rejected: {
    category: 'system',
    to: 'forwarder',
    when: 'an admin refused its file (with the reason)',
    fr: (p) => ({ title: 'Dossier transitaire refusé', body: `Motif : ${p.motif}. Corrigez-le et soumettez-le à nouveau.` }),
    en: (p) => ({ title: 'Forwarder file refused', body: `Reason: ${p.motif}. Please correct it and submit it again.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
