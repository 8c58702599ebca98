/**
 * Whom commerce's facts tell, and what (core/notices.ts; docs/guides/notifications.md, "Notices"): a purchase's or an
 * order's buyer and sellers once it is paid and as it moves, and each side of a driver request
 * when it moves. Pure functions of the events' payloads; the notifications domain writes each
 * notice once (its key is the one the services used when they asked for it in their transactions).
 */
import { defineTellers, type Notice } from '../../core/notices';

const commande = (id: string) => ({ kind: 'commande' as const, id });
const article = (id: string) => ({ kind: 'article' as const, id });

export const tells = defineTellers({
  'order.paid': (p) => [
    { uid: p.acheteur, type: 'order_paid', key: p.paymentId, params: { orderId: p.orderId, montant: String(p.total) }, resource: commande(p.orderId) },
    // Sellers are credited at the handover (and told then): now, they prepare the parts, for a courier or for the buyer in person.
    ...p.vendeurs.map((uid): Notice => ({ uid, type: p.livraison ? 'order_to_prepare' : 'order_to_hand_over', key: p.orderId, params: { orderId: p.orderId }, resource: commande(p.orderId) })),
  ],
  'order.status_changed': (p) => {
    // Placed: nothing to tell; paid: `order.paid` tells it.
    if (p.from === null || p.to === 'paid' || !p.acheteur) return [];
    // The service's own moves (the payment short of stock, logistics' word) are the buyer's news;
    // a person's move is told to the buyer and to the sellers but the one who made it.
    const sellers = p.by === 'system' ? [] : (p.vendeurs ?? []).filter((uid) => uid !== p.by);
    return [p.acheteur, ...sellers].map((uid): Notice => ({ uid, type: 'order_status', key: `${p.orderId}_${p.to}`, params: { orderId: p.orderId, statut: p.to }, resource: commande(p.orderId) }));
  },
  'order.seller_credited': (p) => [{ uid: p.vendeur, type: 'order_sold', key: p.orderId, params: { orderId: p.orderId, net: String(p.net) }, resource: commande(p.orderId) }],
  'achat.paid': (p) => {
    if (p.articleId === undefined || p.articleTitre === undefined || p.montant === undefined || p.net === undefined) return [];
    const titre = { articleTitre: p.articleTitre };
    return [
      { uid: p.acheteur, type: 'achat_paid', key: p.paymentId, params: { ...titre, montant: String(p.montant) }, resource: { kind: 'achat', id: p.achatId } },
      // The seller is credited at the handover: now it prepares the vehicle, for a courier or for the buyer in person.
      p.livraison
        ? { uid: p.vendeur, type: 'achat_to_prepare', key: p.paymentId, params: titre, resource: article(p.articleId) }
        : { uid: p.vendeur, type: 'achat_to_hand_over', key: p.paymentId, params: titre, resource: { kind: 'achat', id: p.achatId } },
    ];
  },
  // Older events (before held money) told the seller its net with the handover; now the release tells it.
  'achat.handed_over': (p) =>
    p.vendeur && p.net !== undefined ? [{ uid: p.vendeur, type: 'article_sold', key: `${p.achatId}_delivered`, params: { articleTitre: p.articleTitre ?? '', net: String(p.net) }, resource: article(p.articleId) }] : [],
  'achat.seller_credited': (p) => [{ uid: p.vendeur, type: 'article_sold', key: `${p.achatId}_delivered`, params: { articleTitre: p.articleTitre, net: String(p.net) }, resource: article(p.articleId) }],
  'dispute.status_changed': (p) => {
    const litige = { kind: 'litige' as const, id: p.disputeId };
    const notice = (uid: string, type: Notice['type']): Notice => ({ uid, type, key: `${p.disputeId}_${p.to}`, params: { venteId: p.vente.id, statut: p.to, montant: String(p.montantRembourse ?? 0) }, resource: litige });
    const sellers = p.vendeurs;
    const courier = p.livreur ? [p.livreur] : [];
    switch (p.to) {
      // Opened: the sellers answer, the courier's photo is part of it; the buyer did it.
      case 'ouvert':
        return [...sellers, ...courier].map((uid) => notice(uid, 'dispute_opened'));
      case 'en_examen':
        return [p.acheteur, ...sellers].map((uid) => notice(uid, 'dispute_under_review'));
      case 'rembourse':
      case 'libere':
        return [p.acheteur, ...sellers, ...courier].map((uid) => notice(uid, 'dispute_decided'));
      case 'retire':
        return [...sellers, ...courier].map((uid) => notice(uid, 'dispute_withdrawn'));
    }
  },
  'dispute.escalated': (p) =>
    [p.acheteur, ...p.vendeurs, ...(p.admin ? [p.admin] : [])].map((uid): Notice => ({ uid, type: 'dispute_escalated', key: p.disputeId, params: {}, resource: { kind: 'litige', id: p.disputeId } })),
  'sale.handover_stale': (p) =>
    [p.acheteur, ...p.vendeurs].map((uid): Notice => ({ uid, type: 'handover_reminder', key: `${p.vente.kind}_${p.vente.id}`, params: { venteId: p.vente.id }, resource: { kind: p.vente.kind, id: p.vente.id } })),
  'demande.status_changed': (p) => {
    const notice = (uid: string, type: Notice['type']): Notice => ({
      uid,
      type,
      key: `${p.demandeId}_${p.version}`,
      params: { sujet: p.sujet, date: p.wantedAt ?? p.date, ...(p.motif ? { motif: p.motif } : {}) },
      resource: { kind: 'chauffeurDemande', id: p.demandeId },
    });
    const driver = p.chauffeur ? [p.chauffeur] : [];
    switch (p.event) {
      case 'accept':
        return [notice(p.acheteur, 'demande_acceptee')];
      case 'release':
        return [notice(p.acheteur, 'demande_liberee')];
      case 'cancel':
        return driver.map((uid) => notice(uid, 'demande_annulee'));
      case 'reject':
        return [p.acheteur, ...driver].map((uid) => notice(uid, 'demande_rejetee'));
    }
  },
});
