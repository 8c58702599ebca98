/**
 * What commerce tells the buyers and sellers of purchases and orders.
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
  order_paid: {
    category: 'payments',
    fr: (p) => ({ title: 'Commande payée', body: `Votre commande ${p.orderId} (${formatXof(p.montant)}) est payée.` }),
    en: (p) => ({ title: 'Order paid', body: `Your order ${p.orderId} (${formatXof(p.montant)}) is paid.` }),
  },
  order_sold: {
    category: 'orders',
    fr: (p) => ({ title: 'Nouvelle commande', body: `La commande ${p.orderId} de vos pièces est payée. ${formatXof(p.net)} sont crédités sur votre portefeuille.` }),
    en: (p) => ({ title: 'New order', body: `Order ${p.orderId} of your parts is paid. ${formatXof(p.net)} are credited to your wallet.` }),
  },
  order_status: {
    category: 'orders',
    fr: (p) => ({ title: 'Commande mise à jour', body: `La commande ${p.orderId} est maintenant « ${p.statut} ».` }),
    en: (p) => ({ title: 'Order updated', body: `Order ${p.orderId} is now “${p.statut}”.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
