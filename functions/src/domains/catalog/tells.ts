/**
 * Whom the catalog's facts tell, and what (core/notices.ts; docs/guides/notifications.md, "Notices"): a seller of the
 * moderation of its listing and of its boosts, of a verification asked for its listing and of the
 * buyer's decision on the report; the buyer of its verification's progress.
 */
import { defineTellers, type Notice } from '../../core/notices';

/** The buyer is told its inspection started, reported or was cancelled; the seller of a new request and of the buyer's decision. */
function verificationNotice(p: { verificationId: string; articleId: string; articleTitre: string; acheteur: string; vendeur: string; from: string | null; to: string; motif: string | null }): Notice | undefined {
  const id = p.verificationId;
  const titre = { articleTitre: p.articleTitre };
  if (p.from === null) return { uid: p.vendeur, type: 'verification_requested', key: id, resource: { kind: 'article', id: p.articleId } };
  switch (p.to) {
    case 'en_cours':
      return { uid: p.acheteur, type: 'verification_started', key: `${id}_${p.to}`, params: titre, resource: { kind: 'verification', id } };
    case 'rapport_disponible':
      return { uid: p.acheteur, type: 'verification_report_ready', key: `${id}_${p.to}`, params: titre, resource: { kind: 'verification', id } };
    case 'annule':
      return { uid: p.acheteur, type: 'verification_cancelled', key: `${id}_${p.to}`, params: { ...titre, ...(p.motif ? { motif: p.motif } : {}) }, resource: { kind: 'verification', id } };
    case 'accepte':
      return { uid: p.vendeur, type: 'verification_accepted', key: `${id}_${p.to}`, params: titre, resource: { kind: 'article', id: p.articleId } };
    case 'refuse':
      return { uid: p.vendeur, type: 'verification_refused', key: `${id}_${p.to}`, params: titre, resource: { kind: 'article', id: p.articleId } };
    default:
      return undefined;
  }
}

export const tells = defineTellers({
  'article.moderated': (p) => [
    {
      uid: p.vendeur,
      type: p.decision === 'approved' ? 'article_approved' : 'article_rejected',
      key: `${p.articleId}:${p.at}`,
      params: { titre: p.titre, ...(p.motif ? { motif: p.motif } : {}) },
      resource: { kind: 'article', id: p.articleId },
    },
  ],
  'publicite.reviewed': (p): Notice[] => {
    const key = `${p.publiciteId}:${Date.parse(p.at)}`;
    const resource = { kind: 'publicite' as const, id: p.publiciteId };
    return [
      p.decision === 'active'
        ? { uid: p.vendeur, type: 'publicite_active', key, params: { titre: p.titre, dateFin: p.dateFin ?? '' }, resource }
        : { uid: p.vendeur, type: 'publicite_rejected', key, params: { titre: p.titre, motif: p.motif ?? '', rembourse: String(p.rembourse) }, resource },
    ];
  },
  'verification.status_changed': (p) => {
    const notice = verificationNotice(p);
    return notice ? [notice] : [];
  },
});
