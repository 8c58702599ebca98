/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
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
import type { MissionDocument } from './repository';
import { verificationStatusOf } from './verification/service';
import type { DetailsRequest, StartRequest, TransitMission } from './schemas';
import { missionMachine } from './machine';
import { ACTIVE_STATUSES, EDITABLE_STATUSES, type MissionEvent, type MissionStatus } from './state';

type MissionView = z.input<typeof TransitMission>;

export function toMission(id: string, mission: MissionDocument): MissionView {
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

function step(mission: MissionDocument, event: MissionEvent): MissionStatus {
  assertOpen(mission);
  return missionMachine.decide(mission.statut, event);
}

/** Rule 5: a forwarder acts and is chosen only verified and subscribed. */
export async function assertEligibleForwarder(uid: string): Promise<void> {
  const user = await getUser(uid);
  // A blocked forwarder is out of reach, like one that does not exist.
  if (!user || user.role !== 'transitaire' || user.isBlocked) throw new ApiError('USER_NOT_FOUND');
  const verification = await verificationStatusOf(uid);
  if (verification === 'pending') throw new ApiError('TRANSITAIRE_VERIF_PENDING');
  if (verification !== 'approved') throw new ApiError('TRANSITAIRE_NOT_VERIFIED');
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
        const statut = missionMachine.decide(current.statut, 'reopen');
        return { statut, transitaire: null, dateSelectionTransitaire: null, ...detailsOf(input, current) };
      }
      // A handed-over or closed journey keeps the destination it was shipped with.
      if (current && !EDITABLE_STATUSES.includes(current.statut)) throw new ApiError('INVALID_TRANSITION');
      if (!purchase) throw new ApiError('ACHAT_REQUIRED');
      if (current) return detailsOf(input, current);
      const created: MissionDocument = {
        article: input.articleId,
        acheteur: caller.uid,
        transitaire: null,
        statut: 'parcours',
        modeLivraison: input.modeLivraison ?? 'transit',
        paysDestination: input.paysDestination ?? null,
        detailsSupplementaires: input.detailsSupplementaires ?? null,
        articleTitre: article.titre,
        dateSelectionTransitaire: null,
        dateTransfer: null,
        dateTraite: null,
        verificationApproved: false,
        createdAt: Timestamp.fromDate(at),
        updatedAt: Timestamp.fromDate(at),
      };
      return created;
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
      return { statut: step(mine, 'select'), transitaire: transitaireId, dateSelectionTransitaire: Timestamp.fromDate(at) };
    },
    at,
    'select',
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
      const statut = step(ownedBy(caller)(current), 'transfer');
      if (verification !== undefined && verification !== 'accepte' && verification !== 'annule') throw new ApiError('VERIFICATION_NOT_ACCEPTED');
      return { statut, dateTransfer: Timestamp.fromDate(at), verificationApproved: true };
    },
    at,
    'transfer',
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
      const statut = step(current, event);
      return event === 'reject' ? { statut, transitaire: null, dateSelectionTransitaire: null } : { statut, dateTraite: Timestamp.fromDate(at) };
    },
    at,
    event,
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
      return detailsOf(input, mine);
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
      (current, purchase) => {
        const statut = current && !purchase ? missionMachine.next(current.statut, 'cancel') : undefined;
        return statut ? { statut } : null;
      },
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
  await repository.mutateMission(id, (current) => (current && !current.verificationApproved ? { verificationApproved: true } : null), now());
}
