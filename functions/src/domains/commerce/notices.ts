/**
 * What commerce tells a purchase's buyer and seller once it is paid, and the other participants of
 * a chat room when a message is posted (one notice per message and recipient).
 * Registered with the others by src/notices.ts; README, "Notices".
 */
import { defineNotices, formatXof } from '../notifications';

export const notices = defineNotices({
  achat_paid: {
    category: 'payments',
    fr: (p) => ({ title: 'Paiement confirmé', body: `Votre achat de « ${p.articleTitre} » (${formatXof(p.montant)}) est payé.` }),
    en: (p) => ({ title: 'Payment confirmed', body: `Your purchase of “${p.articleTitre}” (${formatXof(p.montant)}) is paid.` }),
  },
  article_sold: {
    category: 'orders',
    fr: (p) => ({ title: 'Annonce vendue', body: `« ${p.articleTitre} » est vendu. ${formatXof(p.net)} sont crédités sur votre portefeuille.` }),
    en: (p) => ({ title: 'Listing sold', body: `“${p.articleTitre}” is sold. ${formatXof(p.net)} are credited to your wallet.` }),
  },
  chat_message: {
    category: 'messages',
    fr: (p) => ({ title: 'Nouveau message', body: p.apercu ?? 'Vous avez reçu un fichier.' }),
    en: (p) => ({ title: 'New message', body: p.apercu ?? 'You received a file.' }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
