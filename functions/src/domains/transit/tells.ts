/**
 * Whom the transit domain's facts tell, and what (core/notices.ts; docs/guides/notifications.md, "Notices"): the
 * forwarder of a mission chosen for it or handed over, the buyer of its forwarder's refusal, of the
 * mission closed or of its forwarder gone; a forwarder of the decision on its verification file.
 */
import { defineTellers, type Notice, type NoticeType } from '../../core/notices';
import type { MissionEvent } from './state';

/** The party each move of a mission tells, and the notice; moves not here tell nobody. */
const MISSION_NOTICES: Partial<Record<MissionEvent, { to: 'acheteur' | 'transitaire'; type: NoticeType }>> = {
  select: { to: 'transitaire', type: 'transit_selection' },
  transfer: { to: 'transitaire', type: 'transit_transfer' },
  reject: { to: 'acheteur', type: 'transit_rejected' },
  close: { to: 'acheteur', type: 'transit_completed' },
  unassign: { to: 'acheteur', type: 'transit_forwarder_unavailable' },
};

export const tells = defineTellers({
  'mission.status_changed': (p): Notice[] => {
    const told = p.event ? MISSION_NOTICES[p.event] : undefined;
    const uid = told && p[told.to];
    if (!told || !uid) return [];
    return [{ uid, type: told.type, key: `${p.missionId}:${Date.parse(p.at)}`, params: { articleTitre: p.articleTitre ?? '' }, resource: { kind: 'transitMission', id: p.missionId } }];
  },
  'transitaire.verification_changed': (p): Notice[] => {
    if (!p.decidedAt || (p.statut !== 'approved' && p.statut !== 'rejected')) return [];
    const approved = p.statut === 'approved';
    return [
      {
        uid: p.uid,
        type: approved ? 'transitaire_verification_approved' : 'transitaire_verification_rejected',
        key: `${p.uid}:${p.decidedAt}`,
        params: approved ? {} : { motif: p.rejectionMotif ?? '' },
        resource: { kind: 'transitaireVerification', id: p.uid },
      },
    ];
  },
});
