import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { ACCEPTED_TYPES, readUpload } from '../../catalog';
import { readProof, storeProof } from './proof';
import { AdminDeliveryStatus, DeliveredRequest, Delivery, DeliveryIdParams, DeliveryProofPhoto, DeliveryView, DeliveryListQuery, DeliveryOfferAnswer, PickupConfirm, PickupParams, ReasonRequest } from './schemas';
import { adminSetStatus, cancelDelivery, confirmDelivery, confirmPickup, disputeDelivery, markDelivered, refuseDelivery, returnDelivery } from './moves';
import { acceptDelivery, declineDelivery, relaunchDelivery } from './offers';
import { listDeliveries, readDelivery } from './view';

const tags = ['Deliveries'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/deliveries',
    operationId: 'listDeliveries',
    tags,
    summary: 'Deliveries, newest first: admin levels see all (filters), a courier its assigned ones, a seller those it has a pickup in, a buyer its own',
    description:
      'Filters other than `statut` are for admin levels (FORBIDDEN_ROLE otherwise). Admin levels combine `statut` with at most one of `acheteur`, `vendeur`, `livreur`, `sansLivreur`, `litige` (each combination has its index); two of those at once answer VALIDATION_ERROR.',
    access: 'profile',
    conditionalRoles: [{ roles: ADMIN_ROLES, when: 'the query filters by more than `statut`', code: 'FORBIDDEN_ROLE' }],
    reads: pagedReads(),
    query: DeliveryListQuery,
    errors: ['PAGE_TOO_DEEP', 'FORBIDDEN_ROLE', 'VALIDATION_ERROR'],
    success: { description: 'A page of deliveries (a seller reads its part of each: `SellerDelivery`)', item: DeliveryView },
    handle: ({ caller, query }) => listDeliveries(caller, query, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/deliveries/:id',
    operationId: 'getDelivery',
    tags,
    summary: 'One delivery, for its parties (buyer, sellers, assigned courier) and admin levels',
    description:
      'The handover `code` is shown to the buyer and admin levels only. A seller reads its part (`SellerDelivery`: its own pickup and the progress; not the destination, the fee or the other sellers). The buyer follows the courier’s position by listening to `deliveryTracking/{id}`.',
    access: 'profile',
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND'],
    success: { description: 'The delivery, or the seller’s part of it', data: DeliveryView },
    handle: ({ caller, params }) => readDelivery(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/accept',
    operationId: 'acceptDelivery',
    tags,
    summary: 'A courier accepts the delivery it was offered; of several couriers at once, exactly one is assigned',
    description:
      'The answer shows the exact destination (the offer showed its area only). A courier already holding DELIVERY_MAX_ACTIVE_PER_COURIER deliveries (`assigne`, `en_cours`) gets DELIVERY_COURIER_BUSY.',
    access: 'profile',
    roles: ['livreur'],
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ALREADY_ASSIGNED', 'DELIVERY_OFFER_EXPIRED', 'DELIVERY_COURIER_BUSY', 'INVALID_TRANSITION', 'PHONE_NOT_VERIFIED'],
    success: { description: 'The delivery, `assigne` to the caller', data: Delivery },
    handle: ({ caller, params }) => acceptDelivery(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/decline',
    operationId: 'declineDelivery',
    tags,
    summary: 'A courier turns its open offer down: the delivery is not offered to it again',
    access: 'profile',
    roles: ['livreur'],
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ALREADY_ASSIGNED', 'DELIVERY_OFFER_EXPIRED'],
    success: { description: 'The offer, `declinee`', data: DeliveryOfferAnswer },
    handle: ({ caller, params }) => declineDelivery(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/pickups/:vendeur/confirm',
    operationId: 'confirmDeliveryPickup',
    tags,
    summary: 'A pickup confirmed by its seller handing the goods over, or by the assigned courier entering the seller’s pickup code (never the courier alone); the last one puts the delivery `en_cours`',
    description:
      'The seller’s pickup code is in its view of the delivery (`SellerDelivery.pickups[].code`). Each wrong code is counted on the pickup; after DELIVERY_CODE_MAX_ATTEMPTS wrong codes, code entry answers PICKUP_CODE_LOCKED and the seller confirms.',
    access: 'profile',
    params: PickupParams,
    body: PickupConfirm,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'PICKUP_NOT_FOUND', 'PICKUP_ALREADY_CONFIRMED', 'INVALID_TRANSITION', 'PICKUP_CODE_REQUIRED', 'PICKUP_CODE_INVALID', 'PICKUP_CODE_LOCKED'],
    success: { description: 'The delivery (its seller reads its part: `SellerDelivery`)', data: DeliveryView },
    handle: ({ caller, params, body }) => confirmPickup(caller, params.id, params.vendeur, body.code),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/proof',
    operationId: 'uploadDeliveryProof',
    tags,
    summary: 'The assigned courier uploads its handover photo (JPEG, PNG or WebP, UPLOAD_IMAGE_MAX_BYTES), kept privately for the delivery',
    description:
      'While the delivery is `en_cours` and not disputed. Give its `path` as `photo` to POST /api/deliveries/{id}/delivered. Never public: the buyer, the courier and admins read it with GET /api/deliveries/{id}/proof; kept as evidence (the upload clean-up never deletes it). Counted in the courier’s daily uploads.',
    access: 'profile',
    roles: ['livreur'],
    params: DeliveryIdParams,
    upload: { contentTypes: ACCEPTED_TYPES.image, maxBytes: 'UPLOAD_IMAGE_MAX_BYTES (10 MB)' },
    before: [readUpload('image')],
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'INVALID_TRANSITION', 'DELIVERY_DISPUTED', 'UPLOAD_QUOTA_EXCEEDED'],
    success: { status: 201, description: 'The stored photo: `preuves/{deliveryId}/{uuid}.{ext}`', data: DeliveryProofPhoto },
    handle: ({ caller, params, req }) => storeProof(caller, params.id, req),
  })
  .file({
    method: 'get',
    path: '/api/deliveries/:id/proof',
    operationId: 'getDeliveryProof',
    tags,
    summary: 'The handover photo the delivery records (its `preuve.photo`), for its buyer, its courier and admins',
    access: 'profile',
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'FILE_NOT_FOUND'],
    success: { description: 'The photo', contentTypes: ACCEPTED_TYPES.image },
    handle: ({ caller, params }) => readProof(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/delivered',
    operationId: 'markDeliveryDelivered',
    tags,
    summary: 'The assigned courier hands the goods over: with the buyer’s code it is `livre` at once; with a photo only it closes `livre` after DELIVERY_DISPUTE_WINDOW_HOURS (the buyer’s silence is the handover) unless the buyer confirms or opens a dispute first',
    description:
      'Each wrong code is counted on the delivery; after DELIVERY_CODE_MAX_ATTEMPTS wrong codes, code entry answers DELIVERY_CODE_LOCKED (429) and the buyer’s confirmation (or a photo proof, or admins) ends the delivery. The photo must be one the courier uploaded for this delivery with POST /api/deliveries/{id}/proof (DELIVERY_PROOF_NOT_OWNED); the buyer is told (`delivery_proof`). A disputed delivery takes no photo proof (DELIVERY_DISPUTED).',
    access: 'profile',
    params: DeliveryIdParams,
    body: DeliveredRequest,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'DELIVERY_CODE_INVALID', 'DELIVERY_CODE_LOCKED', 'DELIVERY_PROOF_NOT_OWNED', 'DELIVERY_DISPUTED', 'INVALID_TRANSITION'],
    success: { description: 'The delivery', data: Delivery },
    handle: ({ caller, params, body }) => markDelivered(caller, params.id, body),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/confirm',
    operationId: 'confirmDeliveryReceived',
    tags,
    summary: 'The buyer confirms it received the goods: `livre`',
    access: 'profile',
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'INVALID_TRANSITION'],
    success: { description: 'The delivered delivery', data: Delivery },
    handle: ({ caller, params }) => confirmDelivery(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/dispute',
    operationId: 'reportDeliveryNotReceived',
    tags,
    summary: 'The buyer reports it did not receive the goods (before `livre`, once a courier holds them): the pending auto-close is dropped and the delivery flagged for admins (`enLitige`)',
    description: 'Admins find it with `GET /api/deliveries?litige=true` and end it with admin/status; the buyer’s confirmation or the courier’s code still close it.',
    access: 'profile',
    params: DeliveryIdParams,
    body: ReasonRequest,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'DELIVERY_DISPUTED', 'INVALID_TRANSITION'],
    success: { description: 'The disputed delivery', data: Delivery },
    handle: ({ caller, params, body }) => disputeDelivery(caller, params.id, body.reason),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/refuse',
    operationId: 'refuseDelivery',
    tags,
    summary:
      'The buyer refuses the goods at the door, before any proof of handover (the courier earns its trip): `refuse` (docs/guides/logistics.md: outcomes). After the courier’s photo, a disagreement is a dispute (`POST /api/litiges`). Not the courier’s: its recipient absent, it uses `return`',
    access: 'profile',
    params: DeliveryIdParams,
    body: ReasonRequest,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'INVALID_TRANSITION', 'DELIVERY_PROOF_GIVEN'],
    success: { description: 'The refused delivery', data: Delivery },
    handle: ({ caller, params, body }) => refuseDelivery(caller, params.id, body.reason),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/return',
    operationId: 'returnDelivery',
    tags,
    summary: 'The assigned courier could not deliver and brings the goods back to the sellers: `retour` (docs/guides/logistics.md: outcomes)',
    access: 'profile',
    params: DeliveryIdParams,
    body: ReasonRequest,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'INVALID_TRANSITION'],
    success: { description: 'The delivery, `retour`', data: Delivery },
    handle: ({ caller, params, body }) => returnDelivery(caller, params.id, body.reason),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/cancel',
    operationId: 'cancelDelivery',
    tags,
    summary: 'The buyer cancels its delivery before a courier accepted it: `annule`, its payment marked for refund (docs/guides/logistics.md: outcomes)',
    access: 'profile',
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'DELIVERY_ACTION_FORBIDDEN', 'INVALID_TRANSITION'],
    success: { description: 'The cancelled delivery', data: Delivery },
    handle: ({ caller, params }) => cancelDelivery(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/admin/status',
    operationId: 'setDeliveryStatusAsAdmin',
    tags,
    summary: 'Admin levels move a delivery to `en_cours`, `livre`, `refuse`, `retour` or `annule` (before `livre`), as the status table allows, with a reason',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: DeliveryIdParams,
    body: AdminDeliveryStatus,
    errors: ['DELIVERY_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The delivery', data: Delivery },
    handle: ({ caller, params, body }) => adminSetStatus(caller, params.id, body),
  })
  .json({
    method: 'post',
    path: '/api/deliveries/:id/admin/relaunch',
    operationId: 'relaunchDeliverySearch',
    tags,
    summary: 'Admin levels start a new search (from the first radius) for a `commande` delivery whose every round ended without a courier (`sansLivreur`), or whose last round ended with no next one (`roundEndsAt` passed: a lost task)',
    description: 'The new search is a new generation (`roundBase`): a round task of the search it replaces that arrives late, even while the relaunch runs, does nothing.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: DeliveryIdParams,
    errors: ['DELIVERY_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The delivery, its first new round under way', data: Delivery },
    handle: ({ caller, params }) => relaunchDelivery(caller, params.id),
  });
