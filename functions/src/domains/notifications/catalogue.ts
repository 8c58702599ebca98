/**
 * What each event of the service says to the person it concerns, in both languages. A notification
 * is written in its recipient's language (their settings), not the language of the request that
 * caused it: the buyer who picks a forwarder may read French while the forwarder reads English.
 */
import { config } from '../../core/config';
import type { NOTIFICATION_CATEGORIES } from '../settings';

export type Language = 'fr' | 'en';
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export interface NotificationText {
  title: string;
  body: string;
}
type Params = Record<string, string>;

/** Kinds of resource a notification can point at, for the app to open it. */
export const RESOURCE_KINDS = ['transitMission', 'article', 'publicite', 'achat', 'subscription', 'transitaireVerification', 'adminMessage'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

interface Template {
  /** The settings toggle that decides whether the event is also pushed to the devices. */
  category: NotificationCategory;
  fr(params: Params): NotificationText;
  en(params: Params): NotificationText;
}

/** A day in the business time zone, written the way each language writes dates. */
function day(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: config().BUSINESS_TIME_ZONE }).format(new Date(iso));
}

const xof = (amount: string) => `${new Intl.NumberFormat('fr-FR').format(Number(amount)).replace(/\s/g, ' ')} XOF`;

export const TEMPLATES = {
  transit_selection: {
    category: 'transit',
    fr: (p) => ({ title: 'Nouvelle mission de transit', body: `Un acheteur vous a choisi pour « ${p.articleTitre} ».` }),
    en: (p) => ({ title: 'New transit mission', body: `A buyer chose you for “${p.articleTitre}”.` }),
  },
  transit_transfer: {
    category: 'transit',
    fr: (p) => ({ title: 'Véhicule transféré', body: `Le véhicule « ${p.articleTitre} » vous est transféré.` }),
    en: (p) => ({ title: 'Vehicle handed over', body: `The vehicle “${p.articleTitre}” is handed over to you.` }),
  },
  transit_rejected: {
    category: 'transit',
    fr: (p) => ({ title: 'Transitaire indisponible', body: `Le transitaire a refusé la mission « ${p.articleTitre} ». Choisissez-en un autre.` }),
    en: (p) => ({ title: 'Forwarder unavailable', body: `The forwarder turned down “${p.articleTitre}”. Please choose another one.` }),
  },
  transit_forwarder_unavailable: {
    category: 'transit',
    fr: (p) => ({ title: 'Transitaire à remplacer', body: `Le transitaire choisi pour « ${p.articleTitre} » n’est plus disponible. Choisissez-en un autre.` }),
    en: (p) => ({ title: 'Choose another forwarder', body: `The forwarder chosen for “${p.articleTitre}” is no longer available. Please choose another one.` }),
  },
  transit_completed: {
    category: 'transit',
    fr: (p) => ({ title: 'Transit terminé', body: `Le transitaire a terminé la mission « ${p.articleTitre} ». Vous pouvez lui laisser un avis.` }),
    en: (p) => ({ title: 'Transit completed', body: `The forwarder completed “${p.articleTitre}”. You can now review them.` }),
  },
  transitaire_verification_approved: {
    category: 'system',
    fr: () => ({ title: 'Compte transitaire validé', body: 'Votre compte est vérifié : les acheteurs peuvent vous choisir.' }),
    en: () => ({ title: 'Forwarder account approved', body: 'Your account is verified: buyers can now choose you.' }),
  },
  transitaire_verification_rejected: {
    category: 'system',
    fr: (p) => ({ title: 'Dossier transitaire refusé', body: `Motif : ${p.motif}. Corrigez-le et soumettez-le à nouveau.` }),
    en: (p) => ({ title: 'Forwarder file refused', body: `Reason: ${p.motif}. Please correct it and submit it again.` }),
  },
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
    fr: (p) => ({ title: 'Publicité active', body: `La mise en avant de « ${p.titre} » court jusqu’au ${day(p.dateFin, 'fr')}.` }),
    en: (p) => ({ title: 'Boost running', body: `The boost of “${p.titre}” runs until ${day(p.dateFin, 'en')}.` }),
  },
  publicite_rejected: {
    category: 'payments',
    fr: (p) => ({ title: 'Publicité refusée', body: `La mise en avant de « ${p.titre} » est refusée. Motif : ${p.motif}${p.rembourse === 'true' ? ' Le montant payé vous sera remboursé.' : ''}` }),
    en: (p) => ({ title: 'Boost refused', body: `The boost of “${p.titre}” is refused. Reason: ${p.motif}${p.rembourse === 'true' ? ' The amount paid will be refunded.' : ''}` }),
  },
  achat_paid: {
    category: 'payments',
    fr: (p) => ({ title: 'Paiement confirmé', body: `Votre achat de « ${p.articleTitre} » (${xof(p.montant)}) est payé.` }),
    en: (p) => ({ title: 'Payment confirmed', body: `Your purchase of “${p.articleTitre}” (${xof(p.montant)}) is paid.` }),
  },
  article_sold: {
    category: 'orders',
    fr: (p) => ({ title: 'Annonce vendue', body: `« ${p.articleTitre} » est vendu. ${xof(p.net)} sont crédités sur votre portefeuille.` }),
    en: (p) => ({ title: 'Listing sold', body: `“${p.articleTitre}” is sold. ${xof(p.net)} are credited to your wallet.` }),
  },
  subscription_extended: {
    category: 'payments',
    fr: (p) => ({ title: 'Abonnement prolongé', body: `Votre abonnement est actif jusqu’au ${day(p.expiresAt, 'fr')}.` }),
    en: (p) => ({ title: 'Subscription extended', body: `Your subscription is active until ${day(p.expiresAt, 'en')}.` }),
  },
  password_reset_blocked: {
    category: 'system',
    fr: () => ({
      title: 'Réinitialisation bloquée',
      body: 'Trop de codes erronés aujourd’hui : la réinitialisation de votre mot de passe est bloquée jusqu’à demain. Si ce n’est pas vous, quelqu’un tente peut-être d’accéder à votre compte.',
    }),
    en: () => ({
      title: 'Password reset blocked',
      body: 'Too many wrong codes today: resetting your password is blocked until tomorrow. If this was not you, someone may be trying to get into your account.',
    }),
  },
  password_changed: {
    category: 'system',
    fr: () => ({ title: 'Mot de passe modifié', body: 'Le mot de passe de votre compte vient d’être changé. Si ce n’est pas vous, contactez le support.' }),
    en: () => ({ title: 'Password changed', body: 'Your account password was just changed. If this was not you, contact support.' }),
  },
} satisfies Record<string, Template>;

export type NotificationType = keyof typeof TEMPLATES | 'admin_message';
export const NOTIFICATION_TYPES = [...Object.keys(TEMPLATES), 'admin_message'] as NotificationType[];

export function textOf(type: keyof typeof TEMPLATES, language: Language, params: Params): NotificationText {
  return TEMPLATES[type][language](params);
}
