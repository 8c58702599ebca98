/**
 * What the catalog tells sellers: moderation of their listings, their boosts, inspections asked.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { formatDay } from '../../core/local-time';
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  verification_requested: {
    category: 'orders',
    to: 'seller',
    when: 'a buyer paid the inspection of its listing',
    fr: () => ({ title: 'Vérification demandée', body: 'Un acheteur a payé la vérification de votre annonce. Un inspecteur va vous contacter.' }),
    en: () => ({ title: 'Inspection requested', body: 'A buyer paid for an inspection of your listing. An inspector will contact you.' }),
  },
  verification_started: {
    category: 'orders',
    to: 'buyer',
    when: 'an admin took the inspection of the listing',
    fr: (p) => ({ title: 'Inspection en cours', body: `L’inspection de « ${p.articleTitre} » a commencé.` }),
    en: (p) => ({ title: 'Inspection under way', body: `The inspection of “${p.articleTitre}” has started.` }),
  },
  verification_report_ready: {
    category: 'orders',
    to: 'buyer',
    when: 'the inspection report is attached (also WhatsApp, `WHATSAPP_VERIFICATION_REPORT_TEMPLATE`)',
    fr: (p) => ({ title: 'Rapport de vérification disponible', body: `Le rapport d’inspection de « ${p.articleTitre} » est prêt. Lisez-le, puis acceptez ou refusez le véhicule.` }),
    en: (p) => ({ title: 'Inspection report ready', body: `The inspection report of “${p.articleTitre}” is ready. Read it, then accept or refuse the vehicle.` }),
  },
  verification_cancelled: {
    category: 'orders',
    to: 'buyer',
    when: 'an admin cancelled the inspection (with the reason); the fee will be refunded',
    fr: (p) => ({ title: 'Vérification annulée', body: `La vérification de « ${p.articleTitre} » est annulée. Motif : ${p.motif} Le montant payé vous sera remboursé.` }),
    en: (p) => ({ title: 'Inspection cancelled', body: `The inspection of “${p.articleTitre}” is cancelled. Reason: ${p.motif} The amount paid will be refunded.` }),
  },
  verification_accepted: {
    category: 'orders',
    to: 'seller',
    when: 'the buyer accepted the report',
    fr: (p) => ({ title: 'Vérification acceptée', body: `L’acheteur a accepté le rapport d’inspection de « ${p.articleTitre} ».` }),
    en: (p) => ({ title: 'Inspection accepted', body: `The buyer accepted the inspection report of “${p.articleTitre}”.` }),
  },
  verification_refused: {
    category: 'orders',
    to: 'seller',
    when: 'the buyer refused the vehicle after the report; its purchase is cancelled',
    fr: (p) => ({ title: 'Vérification refusée', body: `L’acheteur a refusé le véhicule « ${p.articleTitre} » après le rapport d’inspection ; son achat est annulé.` }),
    en: (p) => ({ title: 'Inspection refused', body: `The buyer refused “${p.articleTitre}” after the inspection report; the purchase is cancelled.` }),
  },
  article_approved: {
    category: 'system',
    to: 'seller',
    when: 'an admin approved its listing',
    fr: (p) => ({ title: 'Annonce en ligne', body: `« ${p.titre} » est approuvée et visible des acheteurs.` }),
    en: (p) => ({ title: 'Listing online', body: `“${p.titre}” is approved and visible to buyers.` }),
  },
  article_rejected: {
    category: 'system',
    to: 'seller',
    when: 'an admin refused or took down its listing (with the reason)',
    fr: (p) => ({ title: 'Annonce refusée', body: `« ${p.titre} » n’est pas publiée. Motif : ${p.motif}` }),
    en: (p) => ({ title: 'Listing refused', body: `“${p.titre}” is not published. Reason: ${p.motif}` }),
  },
  publicite_active: {
    category: 'payments',
    to: 'seller',
    when: 'an admin started its boost (with its end)',
    fr: (p) => ({ title: 'Publicité active', body: `La mise en avant de « ${p.titre} » court jusqu’au ${formatDay(p.dateFin, 'fr')}.` }),
    en: (p) => ({ title: 'Boost running', body: `The boost of “${p.titre}” runs until ${formatDay(p.dateFin, 'en')}.` }),
  },
  publicite_rejected: {
    category: 'payments',
    to: 'seller',
    when: 'an admin refused its boost (with the reason, and the refund when paid)',
    fr: (p) => ({ title: 'Publicité refusée', body: `La mise en avant de « ${p.titre} » est refusée. Motif : ${p.motif}${p.rembourse === 'true' ? ' Le montant payé vous sera remboursé.' : ''}` }),
    en: (p) => ({ title: 'Boost refused', body: `The boost of “${p.titre}” is refused. Reason: ${p.motif}${p.rembourse === 'true' ? ' The amount paid will be refunded.' : ''}` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
