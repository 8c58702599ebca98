/** The transit domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { refreshListing } from './directory/service';
import { approveVerification } from './service';
import { unassignForwarder } from './unassign';
import { markCardDeleted } from './verification/documents';

export const subscribers = [
  // A subscribed, verified forwarder appears in the buyers' list.
  subscriber('transit.directory_on_subscription', 'subscription.extended', async ({ payload }) => {
    if (payload.kind === 'transitaire') await refreshListing(payload.uid);
  }),
  // A forwarder renamed, blocked, unblocked, or whose role changed: its entry follows its profile.
  subscriber('transit.directory_on_profile', 'user.changed', async ({ payload }) => {
    if (payload.role === 'transitaire' || payload.previousRole === 'transitaire') await refreshListing(payload.uid);
  }),
  // A blocked forwarder, or one that is no forwarder any more, can no longer act on its missions in
  // progress: they go back to their buyers, who choose another.
  subscriber('transit.unassign_forwarder', 'user.changed', async ({ payload }) => {
    const gone = payload.previousRole === 'transitaire' && payload.role !== 'transitaire';
    if (gone || (payload.isBlocked && payload.role === 'transitaire')) await unassignForwarder(payload.uid);
  }),
  // A superAdmin deleted a forwarder's identity card (admin documents): its verification file says so.
  subscriber('transit.identity_card_deleted', 'document.deleted', async ({ payload }) => {
    if (payload.kind !== 'identite_transitaire') return;
    await markCardDeleted(payload.record.id, payload.path, payload.deletedBy, new Date(payload.deletedAt));
  }),
  // The buyer accepted the listing's verification report: its journey is marked approved.
  subscriber('transit.verification_approved', 'verification.status_changed', async ({ payload }) => {
    if (payload.to === 'accepte') await approveVerification(payload.articleId, payload.acheteur);
  }),
];
