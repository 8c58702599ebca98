/**
 * Whom logistics' facts tell, and what (core/notices.ts; docs/guides/notifications.md, "Notices"): a delivery's parties
 * of its moves, the couriers of the offers of each round (or its buyer that none is left), the
 * buyer of a photo proof, the courier of a dispute; each side of a tricycle contact of the other's moves.
 */
import { defineTellers, type Notice } from '../../core/notices';

const delivery = (id: string) => ({ kind: 'delivery' as const, id });

export const tells = defineTellers({
  'delivery.status_changed': (p) => {
    if (p.from === null || !p.parties) return [];
    const params = { deliveryId: p.deliveryId };
    // Accepted: the parties learn their courier; every other move is told to the parties and the courier, but the one who made it.
    if (p.event === 'accept') return p.parties.map((uid): Notice => ({ uid, type: 'delivery_assigned', key: p.deliveryId, params, resource: delivery(p.deliveryId) }));
    const recipients = new Set([...p.parties, ...(p.livreur ? [p.livreur] : [])]);
    recipients.delete(p.by ?? '');
    return [...recipients].map((uid): Notice => ({ uid, type: 'delivery_status', key: `${p.deliveryId}_${p.to}`, params: { ...params, statut: p.to }, resource: delivery(p.deliveryId) }));
  },
  'delivery.round_started': (p) =>
    p.exhausted
      ? [{ uid: p.acheteur, type: 'delivery_no_courier', key: `${p.deliveryId}_${p.round}`, params: { deliveryId: p.deliveryId }, resource: delivery(p.deliveryId) }]
      : p.offers.map(
          ({ livreur, distanceKm }): Notice => ({
            uid: livreur,
            type: 'delivery_offer',
            key: `${p.deliveryId}_${livreur}_${p.round}`,
            params: { deliveryId: p.deliveryId, distanceKm: String(distanceKm), trajetKm: String(p.trajetKm), gainLivreur: String(p.gainLivreur), expiresAt: p.expiresAt },
            resource: delivery(p.deliveryId),
          }),
        ),
  'delivery.proof_given': (p) => [
    { uid: p.acheteur, type: 'delivery_proof', key: `${p.deliveryId}_${Date.parse(p.at)}`, params: { deliveryId: p.deliveryId, closesAt: p.autoCloseAt }, resource: delivery(p.deliveryId) },
  ],
  'delivery.disputed': (p) =>
    p.livreur ? [{ uid: p.livreur, type: 'delivery_disputed', key: `${p.deliveryId}_${Date.parse(p.at)}`, params: { deliveryId: p.deliveryId, motif: p.motif }, resource: delivery(p.deliveryId) }] : [],
  'tricycle.contact_status_changed': (p) => {
    const notice = (uid: string, type: Notice['type'], nom: string): Notice => ({ uid, type, key: `${p.contactId}_${p.version}`, params: { nom }, resource: { kind: 'tricycleContact', id: p.contactId } });
    switch (p.event) {
      case 'open':
        return [notice(p.chauffeur, 'tricycle_contact_initiated', p.acheteurNom)];
      case 'accept':
        return [notice(p.acheteur, 'tricycle_contact_accepted', p.chauffeurNom)];
      case 'decline':
        return [notice(p.acheteur, 'tricycle_contact_declined', p.chauffeurNom)];
      case 'close':
        // Closed by its buyer, the driver is told; by the driver or the service (the driver taken out), the buyer.
        return [p.by === p.acheteur ? notice(p.chauffeur, 'tricycle_contact_closed', p.acheteurNom) : notice(p.acheteur, 'tricycle_contact_closed', p.chauffeurNom)];
    }
  },
});
