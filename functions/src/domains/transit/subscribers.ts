/** The transit domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { publish } from '../../core/realtime';
import { refreshListing } from './directory/service';
import { approveVerification, cancelJourneys } from './service';
import { unassignForwarder } from './unassign';
import { markCardDeleted } from './forwarder-file/documents';

export const subscribers = [
  // `transit-mission-update`: each status change of a mission goes to its forwarder's realtime feed
  // (core/realtime), keyed by the event, so a redelivery writes nothing. When the forwarder
  // refuses, the mission has none any more: the one it had is told.
  subscriber('transit.mission_realtime', 'mission.status_changed', async ({ id, payload }) => {
    if (payload.transitaire) await publish(payload.transitaire, id, 'transit-mission-update', { missionId: payload.missionId, statut: payload.to });
  }),
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
  // A superAdmin deleted a forwarder's identity card (admin documents): its forwarder file says so.
  subscriber('transit.identity_card_deleted', 'document.deleted', async ({ payload }) => {
    if (payload.kind !== 'identite_transitaire') return;
    await markCardDeleted(payload.record.id, payload.path, payload.deletedBy, new Date(payload.deletedAt));
  }),
  // A purchase of the listing was cancelled: the buyer's journeys that no live purchase holds any
  // more (and not handed over yet) become `annule`. Commerce tells, transit reacts: commerce
  // imports nothing of transit.
  subscriber('transit.journeys_on_achat_cancelled', 'achat.cancelled', async ({ payload }) => {
    await cancelJourneys(payload.articleId, payload.acheteur);
  }),
  // The buyer refused the listing's verification report: the same, also when no purchase of the
  // buyer was left to cancel (commerce's own subscriber cancels them, and `achat.cancelled` comes
  // back here; whichever runs first, the journey ends `annule` once).
  subscriber('transit.journeys_on_verification_refused', 'verification.status_changed', async ({ payload }) => {
    if (payload.to === 'refuse') await cancelJourneys(payload.articleId, payload.acheteur);
  }),
  // The buyer accepted the listing's verification report: its journey is marked approved.
  subscriber('transit.verification_approved', 'verification.status_changed', async ({ payload }) => {
    if (payload.to === 'accepte') await approveVerification(payload.articleId, payload.acheteur);
  }),
];
