/**
 * What the catalog tells sellers: moderation of their listings, their boosts, inspections asked.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { formatDay } from '../../core/local-time';
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  verification_requested: {
    category: 'orders',
    fr: () => ({ title: 'Vérification demandée', body: 'Un acheteur a payé la vérification de votre annonce. Un inspecteur va vous contacter.' }),
    en: () => ({ title: 'Inspection requested', body: 'A buyer paid for an inspection of your listing. An inspector will contact you.' }),
  },
  verification_started: {
    category: 'orders',
    fr: (p) => ({ title: 'Inspection en cours', body: `L’inspection de « ${p.articleTitre} » a commencé.` }),
    en: (p) => ({ title: 'Inspection under way', body: `The inspection of “${p.articleTitre}” has started.` }),
  },
  verification_report_ready: {
    category: 'orders',
    fr: (p) => ({ title: 'Rapport de vérification disponible', body: `Le rapport d’inspection de « ${p.articleTitre} » est prêt. Lisez-le, puis acceptez ou refusez le véhicule.` }),
    en: (p) => ({ title: 'Inspection report ready', body: `The inspection report of “${p.articleTitre}” is ready. Read it, then accept or refuse the vehicle.` }),
  },
  verification_cancelled: {
    category: 'orders',
    fr: (p) => ({ title: 'Vérification annulée', body: `La vérification de « ${p.articleTitre} » est annulée. Motif : ${p.motif} Le montant payé vous sera remboursé.` }),
    en: (p) => ({ title: 'Inspection cancelled', body: `The inspection of “${p.articleTitre}” is cancelled. Reason: ${p.motif} The amount paid will be refunded.` }),
  },
  verification_accepted: {
    category: 'orders',
    fr: (p) => ({ title: 'Vérification acceptée', body: `L’acheteur a accepté le rapport d’inspection de « ${p.articleTitre} ».` }),
    en: (p) => ({ title: 'Inspection accepted', body: `The buyer accepted the inspection report of “${p.articleTitre}”.` }),
  },
  verification_refused: {
    category: 'orders',
    fr: (p) => ({ title: 'Vérification refusée', body: `L’acheteur a refusé le véhicule « ${p.articleTitre} » après le rapport d’inspection ; son achat est annulé.` }),
    en: (p) => ({ title: 'Inspection refused', body: `The buyer refused “${p.articleTitre}” after the inspection report; the purchase is cancelled.` }),
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
