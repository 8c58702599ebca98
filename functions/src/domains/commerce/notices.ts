/**
 * What commerce tells: a purchase's or an order's buyer and sellers once it is paid and as it
 * moves, and each side of a driver request when it moves.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { formatDateTime } from '../../core/local-time';
import { defineNotices, formatXof } from '../notifications';

export const notices = defineNotices({
  achat_paid: {
    category: 'payments',
    to: 'buyer',
    when: 'its purchase is paid',
    fr: (p) => ({ title: 'Paiement confirmé', body: `Votre achat de « ${p.articleTitre} » (${formatXof(p.montant)}) est payé.` }),
    en: (p) => ({ title: 'Payment confirmed', body: `Your purchase of “${p.articleTitre}” (${formatXof(p.montant)}) is paid.` }),
  },
  achat_to_prepare: {
    category: 'orders',
    to: 'seller',
    when: 'its listing is paid with delivery: prepare it for the courier (the price is held until the delivery)',
    fr: (p) => ({ title: 'Annonce vendue, à préparer', body: `« ${p.articleTitre} » est payé : préparez-le, un livreur vient le chercher. Le prix est retenu pour vous et crédité à la livraison.` }),
    en: (p) => ({ title: 'Listing sold, to prepare', body: `“${p.articleTitre}” is paid: get it ready, a courier will collect it. The price is held for you and credited on delivery.` }),
  },
  achat_to_hand_over: {
    category: 'orders',
    to: 'seller',
    when: 'its listing is paid without a courier: hand it over against the buyer\'s handover code (the price is held until then)',
    fr: (p) => ({ title: 'Annonce vendue, à remettre', body: `« ${p.articleTitre} » est payé : remettez-le à l’acheteur et saisissez son code de remise. Le prix est retenu pour vous et crédité à la remise.` }),
    en: (p) => ({ title: 'Listing sold, to hand over', body: `“${p.articleTitre}” is paid: hand it to the buyer and enter its handover code. The price is held for you and credited at the handover.` }),
  },
  article_sold: {
    category: 'orders',
    to: 'seller',
    when: 'its vehicle was handed over: the net of its held price is credited (in person, by the courier, by the transfer)',
    fr: (p) => ({ title: 'Vente remise', body: `« ${p.articleTitre} » est remis à l’acheteur. ${formatXof(p.net)} sont crédités sur votre portefeuille.` }),
    en: (p) => ({ title: 'Sale handed over', body: `“${p.articleTitre}” was handed over to the buyer. ${formatXof(p.net)} are credited to your wallet.` }),
  },
  demande_acceptee: {
    category: 'orders',
    to: 'buyer',
    when: 'a driver accepted its driver request',
    fr: (p) => ({ title: 'Chauffeur trouvé', body: `Un chauffeur a accepté votre demande (${p.sujet}, le ${formatDateTime(p.date, 'fr')}).` }),
    en: (p) => ({ title: 'Driver found', body: `A driver accepted your request (${p.sujet}, on ${formatDateTime(p.date, 'en')}).` }),
  },
  demande_liberee: {
    category: 'orders',
    to: 'buyer',
    when: 'the accepting driver gave its request up: open to drivers again',
    fr: (p) => ({ title: 'Chauffeur désisté', body: `Le chauffeur a renoncé à votre demande (${p.sujet}, le ${formatDateTime(p.date, 'fr')}) : elle est de nouveau proposée aux chauffeurs.` }),
    en: (p) => ({ title: 'Driver withdrew', body: `The driver gave up your request (${p.sujet}, on ${formatDateTime(p.date, 'en')}): it is offered to drivers again.` }),
  },
  demande_annulee: {
    category: 'orders',
    to: 'driver',
    when: 'the buyer cancelled the request it had accepted',
    fr: (p) => ({ title: 'Demande annulée', body: `L’acheteur a annulé la demande que vous aviez acceptée (${p.sujet}, le ${formatDateTime(p.date, 'fr')}).` }),
    en: (p) => ({ title: 'Request cancelled', body: `The buyer cancelled the request you accepted (${p.sujet}, on ${formatDateTime(p.date, 'en')}).` }),
  },
  demande_rejetee: {
    category: 'orders',
    to: 'buyer, accepting driver',
    when: 'an admin rejected the request (with the reason)',
    fr: (p) => ({ title: 'Demande rejetée', body: `La demande de chauffeur (${p.sujet}, le ${formatDateTime(p.date, 'fr')}) a été rejetée par l’administration : ${p.motif}.` }),
    en: (p) => ({ title: 'Request rejected', body: `The driver request (${p.sujet}, on ${formatDateTime(p.date, 'en')}) was rejected by the administrators: ${p.motif}.` }),
  },
  dispute_opened: {
    category: 'orders',
    to: 'sellers, courier',
    when: 'the buyer opened a dispute of the sale: its money stays held; answer before `echeanceReponse`',
    fr: (p) => ({ title: 'Litige ouvert', body: `L’acheteur conteste la vente ${p.venteId}. L’argent reste retenu jusqu’à la décision : répondez avec vos preuves avant l’échéance.` }),
    en: (p) => ({ title: 'Dispute opened', body: `The buyer disputes sale ${p.venteId}. The money stays held until the decision: answer with your evidence before the deadline.` }),
  },
  dispute_under_review: {
    category: 'orders',
    to: 'buyer, sellers',
    when: 'an admin took the dispute',
    fr: (p) => ({ title: 'Litige en examen', body: `Un administrateur examine le litige de la vente ${p.venteId}.` }),
    en: (p) => ({ title: 'Dispute under review', body: `An administrator is reviewing the dispute of sale ${p.venteId}.` }),
  },
  dispute_decided: {
    category: 'orders',
    to: 'buyer, sellers, courier',
    when: 'an admin decided the dispute (refunded with the amount, or released)',
    fr: (p) => ({
      title: 'Litige décidé',
      body: p.statut === 'rembourse' ? `Litige de la vente ${p.venteId} : ${formatXof(p.montant)} remboursés à l’acheteur, le reste versé au vendeur.` : `Litige de la vente ${p.venteId} : l’argent est versé au vendeur.`,
    }),
    en: (p) => ({
      title: 'Dispute decided',
      body: p.statut === 'rembourse' ? `Dispute of sale ${p.venteId}: ${formatXof(p.montant)} refunded to the buyer, the rest paid to the seller.` : `Dispute of sale ${p.venteId}: the money is paid to the seller.`,
    }),
  },
  dispute_withdrawn: {
    category: 'orders',
    to: 'sellers, courier',
    when: 'the buyer withdrew its dispute',
    fr: (p) => ({ title: 'Litige retiré', body: `L’acheteur a retiré son litige sur la vente ${p.venteId}.` }),
    en: (p) => ({ title: 'Dispute withdrawn', body: `The buyer withdrew its dispute of sale ${p.venteId}.` }),
  },
  dispute_escalated: {
    category: 'orders',
    to: 'buyer, sellers, the admin who took it',
    when: 'the decision deadline passed: the dispute goes to a principal',
    fr: () => ({ title: 'Litige transmis', body: 'Le délai de décision est passé : le litige est transmis à un administrateur principal.' }),
    en: () => ({ title: 'Dispute escalated', body: 'The decision deadline passed: the dispute goes to a principal administrator.' }),
  },
  handover_reminder: {
    category: 'orders',
    to: 'buyer, sellers',
    when: 'a paid sale nobody handed over for `HANDOVER_REMINDER_DAYS`: confirm the handover (admins see it in the stale handovers)',
    fr: (p) => ({ title: 'Remise à confirmer', body: `La vente ${p.venteId} est payée mais sa remise n’est pas confirmée : le vendeur saisit le code de remise de l’acheteur, ou l’acheteur confirme la réception.` }),
    en: (p) => ({ title: 'Handover to confirm', body: `Sale ${p.venteId} is paid but its handover is not confirmed: the seller enters the buyer’s handover code, or the buyer confirms receipt.` }),
  },
  order_paid: {
    category: 'payments',
    to: 'buyer',
    when: 'its order of parts is paid',
    fr: (p) => ({ title: 'Commande payée', body: `Votre commande ${p.orderId} (${formatXof(p.montant)}) est payée.` }),
    en: (p) => ({ title: 'Order paid', body: `Your order ${p.orderId} (${formatXof(p.montant)}) is paid.` }),
  },
  order_sold: {
    category: 'orders',
    to: 'seller',
    when: 'its parts of an order were handed over: the net of their held amount is credited',
    fr: (p) => ({ title: 'Commande remise', body: `Vos pièces de la commande ${p.orderId} sont remises à l’acheteur. ${formatXof(p.net)} sont crédités sur votre portefeuille.` }),
    en: (p) => ({ title: 'Order handed over', body: `Your parts of order ${p.orderId} were handed over to the buyer. ${formatXof(p.net)} are credited to your wallet.` }),
  },
  order_to_prepare: {
    category: 'orders',
    to: 'seller',
    when: 'an order of its parts with delivery is paid: prepare them for the courier (the amount is held until the delivery)',
    fr: (p) => ({ title: 'Nouvelle commande à préparer', body: `La commande ${p.orderId} de vos pièces est payée : préparez-les, un livreur vient les chercher. Le montant est retenu pour vous et crédité à la livraison.` }),
    en: (p) => ({ title: 'New order to prepare', body: `Order ${p.orderId} of your parts is paid: get them ready, a courier will collect them. The amount is held for you and credited on delivery.` }),
  },
  order_to_hand_over: {
    category: 'orders',
    to: 'seller',
    when: 'an order of its parts without delivery is paid: hand them over against the buyer\'s handover code (the amount is held until then)',
    fr: (p) => ({ title: 'Nouvelle commande à remettre', body: `La commande ${p.orderId} de vos pièces est payée : remettez-les à l’acheteur et saisissez son code de remise. Le montant est retenu pour vous et crédité à la remise.` }),
    en: (p) => ({ title: 'New order to hand over', body: `Order ${p.orderId} of your parts is paid: hand them to the buyer and enter its handover code. The amount is held for you and credited at the handover.` }),
  },
  order_status: {
    category: 'orders',
    to: 'buyer, sellers',
    when: 'an order moved (`processing`, `shipped`, `delivered`, `cancelled`; also an order cancelled at payment for lack of stock)',
    fr: (p) => ({ title: 'Commande mise à jour', body: `La commande ${p.orderId} est maintenant « ${p.statut} ».` }),
    en: (p) => ({ title: 'Order updated', body: `Order ${p.orderId} is now “${p.statut}”.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
