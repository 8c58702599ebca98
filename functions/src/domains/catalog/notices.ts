/**
 * What the catalog tells sellers: moderation of their listings, their boosts, inspections asked.
 * Registered with the others by src/notices.ts; README, "Notices".
 */
import { defineNotices, formatDay } from '../notifications';

export const notices = defineNotices({
  verification_requested: {
    category: 'orders',
    fr: () => ({ title: 'Vérification demandée', body: 'Un acheteur a payé la vérification de votre annonce. Un inspecteur va vous contacter.' }),
    en: () => ({ title: 'Inspection requested', body: 'A buyer paid for an inspection of your listing. An inspector will contact you.' }),
  },
  article_approved: {
    category: 'system',
    fr: (p) => ({ title: 'Annonce en ligne', body: `« ${p.titre} » est approuvée et visible des acheteurs.` }),
    en: (p) => ({ title: 'Listing online', body: `“${p.titre}” is approved and visible to buyers.` }),
  },
  article_rejected: {
    category: 'system',
    fr: (p) => ({ title: 'Annonce refusée', body: `« ${p.titre} » n’est pas publiée. Motif : ${p.motif}` }),
    en: (p) => ({ title: 'Listing refused', body: `“${p.titre}” is not published. Reason: ${p.motif}` }),
  },
  publicite_active: {
    category: 'payments',
    fr: (p) => ({ title: 'Publicité active', body: `La mise en avant de « ${p.titre} » court jusqu’au ${formatDay(p.dateFin, 'fr')}.` }),
    en: (p) => ({ title: 'Boost running', body: `The boost of “${p.titre}” runs until ${formatDay(p.dateFin, 'en')}.` }),
  },
  publicite_rejected: {
    category: 'payments',
    fr: (p) => ({ title: 'Publicité refusée', body: `La mise en avant de « ${p.titre} » est refusée. Motif : ${p.motif}${p.rembourse === 'true' ? ' Le montant payé vous sera remboursé.' : ''}` }),
    en: (p) => ({ title: 'Boost refused', body: `The boost of “${p.titre}” is refused. Reason: ${p.motif}${p.rembourse === 'true' ? ' The amount paid will be refunded.' : ''}` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
