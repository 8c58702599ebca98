/**
 * Transit missions: a buyer ships a purchased vehicle abroad through a forwarder. The status table
 * is `state.ts`; every change is a transaction on the mission, so parallel selections of different
 * forwarders leave exactly one assigned (the others get TRANSITAIRE_ACTIF).
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { type PageRequest, toPage } from '../../core/pagination';
import { isoOrNull } from '../../core/firestore';
import { getArticle, latestVerificationStatus } from '../catalog';
import { liveTransitPurchase } from '../commerce';
import { getUser } from '../identity';
import { stateOf } from '../subscriptions';
import * as repository from './repository';
import type { MissionDocument, MissionFields } from './repository';
import { forwarderFileStatusOf } from './forwarder-file/service';
import type { DetailsRequest, StartRequest, TransitMission } from './schemas';
import { missionMachine } from './machine';
import { ACTIVE_STATUSES, EDITABLE_STATUSES, type MissionEvent } from './state';

type MissionView = z.input<typeof TransitMission>;

/** A mission as answered: its history stays in the database. */
export function toMission(id: string, { history: _history, ...mission }: MissionDocument): MissionView {
  return {
    id,
    ...mission,
    dateSelectionTransitaire: isoOrNull(mission.dateSelectionTransitaire),
    dateTransfer: isoOrNull(mission.dateTransfer),
    dateTraite: isoOrNull(mission.dateTraite),
    createdAt: mission.createdAt.toDate().toISOString(),
    updatedAt: mission.updatedAt.toDate().toISOString(),
  };
}

/** An `annule` journey accepts nothing more. */
function assertOpen(mission: MissionDocument): void {
  if (mission.statut === 'annule') throw new ApiError('JOURNEY_BLOCKED');
}

/**
 * The move `event` of an open mission, for the repository to make through the machine; refused here
 * (409 INVALID_TRANSITION) when the table has none from its status, before the checks that follow.
 */
function allowed(mission: MissionDocument, event: MissionEvent): MissionEvent {
  assertOpen(mission);
  missionMachine.decide(mission.statut, event);
  return event;
}

/** Rule 5: a forwarder acts and is chosen only verified and subscribed. */
export async function assertEligibleForwarder(uid: string): Promise<void> {
  const user = await getUser(uid);
  // A blocked forwarder is out of reach, like one that does not exist.
  if (!user || user.role !== 'transitaire' || user.isBlocked) throw new ApiError('USER_NOT_FOUND');
  const file = await forwarderFileStatusOf(uid);
  if (file === 'pending') throw new ApiError('TRANSITAIRE_VERIF_PENDING');
  if (file !== 'approved') throw new ApiError('TRANSITAIRE_NOT_VERIFIED');
  if (!(await stateOf(uid, 'transitaire')).active) throw new ApiError('TRANSITAIRE_SUBSCRIPTION_REQUIRED');
}

/**
 * Starts the journey of a vehicle the buyer bought for transit, or updates its destination and
 * details while they may still change. The purchase is read in the mission's transaction: a journey
 * needs one that is not cancelled, and a journey blocked by a cancellation opens again once a new
 * purchase of the listing is paid.
 */
export async function start(caller: ProfileCaller, input: z.output<typeof StartRequest>): Promise<MissionView> {
  const article = await getArticle(input.articleId);
  if (!article) throw new ApiError('ARTICLE_NOT_FOUND');
  const id = repository.missionId(input.articleId, caller.uid);
  const at = now();
  const mission = await repository.mutateMissionWith(
    id,
    (tx) => liveTransitPurchase(tx, caller.uid, input.articleId),
    (current, purchase) => {
      if (current?.statut === 'annule') {
        if (purchase?.statut !== 'payee') throw new ApiError('JOURNEY_BLOCKED');
        return { move: 'reopen', by: 'acheteur', fields: { transitaire: null, dateSelectionTransitaire: null, ...detailsOf(input, current) } };
      }
      // A handed-over or closed journey keeps the destination it was shipped with.
      if (current && !EDITABLE_STATUSES.includes(current.statut)) throw new ApiError('INVALID_TRANSITION');
      if (!purchase) throw new ApiError('ACHAT_REQUIRED');
      if (current) return { fields: detailsOf(input, current) };
      const created: MissionFields = {
        article: input.articleId,
        acheteur: caller.uid,
        transitaire: null,
        modeLivraison: input.modeLivraison ?? 'transit',
        paysDestination: input.paysDestination ?? null,
        detailsSupplementaires: input.detailsSupplementaires ?? null,
        articleTitre: article.titre,
        dateSelectionTransitaire: null,
        dateTransfer: null,
        dateTraite: null,
        verificationApproved: false,
        createdAt: Timestamp.fromDate(at),
      };
      return { start: created, by: 'acheteur' };
    },
    at,
  );
  return toMission(id, mission);
}

function detailsOf(input: { modeLivraison?: string; paysDestination?: string; detailsSupplementaires?: string }, current: MissionDocument) {
  return {
    modeLivraison: (input.modeLivraison as MissionDocument['modeLivraison'] | undefined) ?? current.modeLivraison,
    paysDestination: input.paysDestination ?? current.paysDestination,
    detailsSupplementaires: input.detailsSupplementaires ?? current.detailsSupplementaires,
  };
}

/** The buyer's own mission, or 404. */
function ownedBy(caller: ProfileCaller) {
  return (current: MissionDocument | undefined): MissionDocument => {
    if (!current || current.acheteur !== caller.uid) repository.missingMission();
    return current;
  };
}

export async function selectTransitaire(caller: ProfileCaller, articleId: string, transitaireId: string): Promise<MissionView> {
  const id = repository.missionId(articleId, caller.uid);
  const existing = await repository.findMission(id);
  if (existing) assertOpen(existing);
  await assertEligibleForwarder(transitaireId);
  const at = now();
  const mission = await repository.mutateMissionWith(
    id,
    (tx) => liveTransitPurchase(tx, caller.uid, articleId),
    (current, purchase) => {
      const mine = ownedBy(caller)(current);
      assertOpen(mine);
      // Forwarders are told of a selection: only a buyer who paid for the vehicle may make one.
      if (!purchase) throw new ApiError('ACHAT_REQUIRED');
      if (purchase.statut !== 'payee') throw new ApiError('ACHAT_NOT_PAID');
      if (ACTIVE_STATUSES.includes(mine.statut)) throw new ApiError('TRANSITAIRE_ACTIF');
      if (!mine.paysDestination) throw new ApiError('PAYS_DESTINATION_REQUIRED');
      return { move: allowed(mine, 'select'), by: 'acheteur', fields: { transitaire: transitaireId, dateSelectionTransitaire: Timestamp.fromDate(at) } };
    },
    at,
  );
  return toMission(id, mission);
}

/**
 * The buyer hands the vehicle over. When the buyer paid for a verification of the listing, the
 * latest one must be `accepte` first (VERIFICATION_NOT_ACCEPTED): the journey waits for the report
 * and the buyer's word; a cancelled one (`annule`, nothing inspected) does not hold it.
 */
export async function transferer(caller: ProfileCaller, articleId: string): Promise<MissionView> {
  const id = repository.missionId(articleId, caller.uid);
  const at = now();
  const mission = await repository.mutateMissionWith(
    id,
    (tx) => latestVerificationStatus(tx, articleId, caller.uid),
    (current, verification) => {
      const move = allowed(ownedBy(caller)(current), 'transfer');
      if (verification !== undefined && verification !== 'accepte' && verification !== 'annule') throw new ApiError('VERIFICATION_NOT_ACCEPTED');
      return { move, by: 'acheteur', fields: { dateTransfer: Timestamp.fromDate(at), verificationApproved: true } };
    },
    at,
  );
  return toMission(id, mission);
}

/** Rule 3: only the assigned forwarder; rule 5: still verified and subscribed. */
async function forwarderStep(caller: ProfileCaller, id: string, event: 'reject' | 'close', at: Date): Promise<MissionDocument> {
  await assertEligibleForwarder(caller.uid);
  return repository.mutateMission(
    id,
    (current) => {
      if (!current) repository.missingMission();
      assertOpen(current);
      if (current.transitaire !== caller.uid) throw new ApiError('NOT_ASSIGNED_TRANSITAIRE');
      const move = allowed(current, event);
      return { move, by: 'transitaire', fields: event === 'reject' ? { transitaire: null, dateSelectionTransitaire: null } : { dateTraite: Timestamp.fromDate(at) } };
    },
    at,
  );
}

export async function rejeterAttribution(caller: ProfileCaller, id: string): Promise<MissionView> {
  const at = now();
  const mission = await forwarderStep(caller, id, 'reject', at);
  return toMission(id, mission);
}

export async function marquerTraite(caller: ProfileCaller, id: string): Promise<MissionView> {
  const at = now();
  const mission = await forwarderStep(caller, id, 'close', at);
  return toMission(id, mission);
}

export async function updateDetails(caller: ProfileCaller, id: string, input: z.output<typeof DetailsRequest>): Promise<MissionView> {
  const mission = await repository.mutateMission(
    id,
    (current) => {
      const mine = ownedBy(caller)(current);
      assertOpen(mine);
      if (!EDITABLE_STATUSES.includes(mine.statut)) throw new ApiError('INVALID_TRANSITION');
      return { fields: detailsOf(input, mine) };
    },
    now(),
  );
  return toMission(id, mission);
}

/**
 * A cancelled purchase blocks its journey when it has not been handed over yet, unless the buyer
 * still holds another live purchase of the listing (one paid, or another awaiting payment). Run by
 * subscribers (`achat.cancelled`, a refused verification); safe to run again.
 */
export async function cancelJourneys(articleId: string, buyer: string): Promise<void> {
  for (const id of await repository.findMissionsOfArticle(articleId, buyer)) {
    await repository.mutateMissionWith(
      id,
      (tx) => liveTransitPurchase(tx, buyer, articleId),
      // Only a journey the table may still cancel (not handed over yet); moved by the system.
      (current, purchase) => (current && !purchase && missionMachine.next(current.statut, 'cancel') ? { move: 'cancel' } : null),
      now(),
    );
  }
}

export async function mission(caller: ProfileCaller, articleId: string): Promise<MissionView> {
  const id = repository.missionId(articleId, caller.uid);
  const found = await repository.findMission(id);
  if (!found) repository.missingMission();
  return toMission(id, found);
}

export async function list(filters: Parameters<typeof repository.listMissions>[0], page: PageRequest) {
  const result = await repository.listMissions(filters, page);
  return toPage(page, result.items.map(({ id, mission: m }) => toMission(id, m)), result.total);
}

/**
 * The buyer accepted the verification report of the listing: its journey, when it has one, says so
 * (`verificationApproved`). Without a journey yet there is nothing to mark: `transferer` reads the
 * verification itself.
 */
export async function approveVerification(articleId: string, buyer: string): Promise<void> {
  const id = repository.missionId(articleId, buyer);
  if (!(await repository.findMission(id))) return;
  await repository.mutateMission(id, (current) => (current && !current.verificationApproved ? { fields: { verificationApproved: true } } : null), now());
}
