/**
 * `/api/transit-missions`, and the same routes again under `/api/transit` (kept for old clients,
 * marked deprecated in the document).
 */
import type { Deprecation } from '../../core/deprecation';
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { ArticleParams, DetailsRequest, MissionIdParams, MissionListQuery, SelectRequest, StartRequest, TransferRequest, TransitMission } from './schemas';
import * as transit from './service';

const BUYER = ['acheteur'] as const;
const FORWARDER = ['transitaire'] as const;
const one = (description: string) => ({ description, data: TransitMission });
const eligibility = ['TRANSITAIRE_VERIF_PENDING', 'TRANSITAIRE_NOT_VERIFIED', 'TRANSITAIRE_SUBSCRIPTION_REQUIRED'] as const;

function missionRouter(prefix: string, deprecated?: Deprecation): ApiRouter {
  const tags = ['Transit missions'];
  // The old prefix's operations need names of their own: generated clients name a method after each.
  const operationId = (name: string) => (deprecated ? `${name}Legacy` : name);
  return new ApiRouter()
    .json({
      method: 'post',
      path: `${prefix}/start`,
      operationId: operationId('startTransitJourney'),
      tags,
      deprecated,
      summary: 'Starts the journey of a vehicle the buyer bought for transit, or updates its destination and details',
      description:
        'Needs a transit purchase of the listing by the caller that is not cancelled (awaiting payment or paid). An existing journey changes only while `parcours` or `en_cours`; a journey blocked by a cancelled purchase (`annule`) opens again (`parcours`, no forwarder) once a new purchase of the listing is paid.',
      access: 'profile',
      roles: BUYER,
      body: StartRequest,
      errors: ['ARTICLE_NOT_FOUND', 'ACHAT_REQUIRED', 'JOURNEY_BLOCKED', 'INVALID_TRANSITION'],
      success: one('The journey'),
      handle: ({ caller, body }) => transit.start(caller, body),
    })
    .json({
      method: 'post',
      path: `${prefix}/select-transitaire`,
      operationId: operationId('selectForwarder'),
      tags,
      deprecated,
      summary: 'Assigns a verified, subscribed forwarder to the journey',
      description: 'Needs the buyer’s transit purchase of the listing paid (`payee`).',
      access: 'profile',
      roles: BUYER,
      body: SelectRequest,
      errors: ['MISSION_NOT_FOUND', 'JOURNEY_BLOCKED', 'ACHAT_REQUIRED', 'ACHAT_NOT_PAID', 'TRANSITAIRE_ACTIF', 'PAYS_DESTINATION_REQUIRED', 'USER_NOT_FOUND', 'INVALID_TRANSITION', ...eligibility],
      success: one('The journey, `en_cours`'),
      handle: ({ caller, body }) => transit.selectTransitaire(caller, body.articleId, body.transitaireId),
    })
    .json({
      method: 'post',
      path: `${prefix}/transferer`,
      operationId: operationId('handOverToForwarder'),
      tags,
      deprecated,
      summary: 'Hands the vehicle over to the forwarder (`transferer`)',
      access: 'profile',
      roles: BUYER,
      body: TransferRequest,
      errors: ['MISSION_NOT_FOUND', 'JOURNEY_BLOCKED', 'VERIFICATION_NOT_ACCEPTED', 'INVALID_TRANSITION'],
      success: one('The journey, `transferer`'),
      handle: ({ caller, body }) => transit.transferer(caller, body.articleId),
    })
    .list({
      method: 'get',
      path: `${prefix}/mes-parcours`,
      operationId: operationId('listMyJourneys'),
      tags,
      deprecated,
      summary: 'The buyer’s journeys, most recently changed first',
      access: 'profile',
      reads: pagedReads(),
      roles: BUYER,
      query: MissionListQuery,
      errors: ['PAGE_TOO_DEEP'],
      success: { description: 'A page of journeys', item: TransitMission },
      handle: ({ caller, query }) => transit.list({ acheteur: caller.uid, statut: query.statut }, pageRequest(query)),
    })
    .json({
      method: 'get',
      path: `${prefix}/parcours/:articleId`,
      operationId: operationId('getMyJourney'),
      tags,
      deprecated,
      summary: 'The buyer’s journey for one article',
      access: 'profile',
      roles: BUYER,
      params: ArticleParams,
      errors: ['MISSION_NOT_FOUND'],
      success: one('The journey'),
      handle: ({ caller, params }) => transit.mission(caller, params.articleId),
    })
    .list({
      method: 'get',
      path: `${prefix}/mes-missions`,
      operationId: operationId('listMyMissions'),
      tags,
      deprecated,
      summary: 'Missions assigned to the forwarder, filtered by status',
      access: 'profile',
      reads: pagedReads(),
      roles: FORWARDER,
      query: MissionListQuery,
      errors: ['PAGE_TOO_DEEP'],
      success: { description: 'A page of missions', item: TransitMission },
      handle: ({ caller, query }) => transit.list({ transitaire: caller.uid, statut: query.statut }, pageRequest(query)),
    })
    .list({
      method: 'get',
      path: `${prefix}/acceptes`,
      operationId: operationId('listMyActiveMissions'),
      tags,
      deprecated,
      summary: 'The forwarder’s active missions (`en_cours`, `transferer`); kept for an old client route',
      access: 'profile',
      reads: pagedReads(),
      roles: FORWARDER,
      query: MissionListQuery.omit({ statut: true }),
      errors: ['PAGE_TOO_DEEP'],
      success: { description: 'A page of missions', item: TransitMission },
      handle: ({ caller, query }) => transit.list({ transitaire: caller.uid, statuses: ['en_cours', 'transferer'] }, pageRequest(query)),
    })
    .json({
      method: 'patch',
      path: `${prefix}/:id/marquer-traite`,
      operationId: operationId('closeMission'),
      tags,
      deprecated,
      summary: 'Closes a `transferer` mission (its forwarder)',
      access: 'profile',
      roles: FORWARDER,
      params: MissionIdParams,
      errors: ['MISSION_NOT_FOUND', 'NOT_ASSIGNED_TRANSITAIRE', 'JOURNEY_BLOCKED', 'INVALID_TRANSITION', ...eligibility],
      success: one('The mission, `traite`'),
      handle: ({ caller, params }) => transit.marquerTraite(caller, params.id),
    })
    .json({
      method: 'patch',
      path: `${prefix}/:id/rejeter-attribution`,
      operationId: operationId('refuseMission'),
      tags,
      deprecated,
      summary: 'Refuses an `en_cours` mission (its forwarder): back to `parcours`, forwarder cleared',
      access: 'profile',
      roles: FORWARDER,
      params: MissionIdParams,
      errors: ['MISSION_NOT_FOUND', 'NOT_ASSIGNED_TRANSITAIRE', 'JOURNEY_BLOCKED', 'INVALID_TRANSITION', ...eligibility],
      success: one('The journey, `parcours`'),
      handle: ({ caller, params }) => transit.rejeterAttribution(caller, params.id),
    })
    .json({
      method: 'patch',
      path: `${prefix}/:id/details`,
      operationId: operationId('updateJourneyDetails'),
      tags,
      deprecated,
      summary: 'Updates destination, delivery mode and notes while `parcours` or `en_cours` (the buyer)',
      access: 'profile',
      roles: BUYER,
      params: MissionIdParams,
      body: DetailsRequest,
      errors: ['MISSION_NOT_FOUND', 'JOURNEY_BLOCKED', 'INVALID_TRANSITION'],
      success: one('The journey'),
      handle: ({ caller, params, body }) => transit.updateDetails(caller, params.id, body),
    });
}

export const router = missionRouter('/api/transit-missions');
/**
 * Deprecated with 1.0.0, the first versioned release (CHANGELOG.md), for the 180 days
 * docs/api-conventions.md gives apps to move.
 */
export const aliasRouter = missionRouter('/api/transit', {
  since: '2026-11-29',
  sunset: '2027-05-28',
  use: 'the same path under `/api/transit-missions`',
});
