import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { HandoverCode } from '../handover/schemas';
import { adminDecide, handOverBySeller, receivedByBuyer } from './handover';
import { Achat, AchatAdminMove, AchatIdParams, AchatListQuery, AchatRequest } from './schemas';
import { cancelAchat, myAchats, mySoldAchats, openAchat, toAchat, toSellerAchat } from './service';

const tags = ['Purchases'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/achat',
    operationId: 'createPurchase',
    tags,
    summary: 'Opens the purchase of an online vehicle listing, at its price; then pay it (payment type `achat`, `metadata.achatId`). Parts are ordered (`POST /api/orders`).',
    access: 'profile',
    roles: ['acheteur'],
    body: AchatRequest,
    errors: ['ARTICLE_NOT_ONLINE', 'ACHAT_ARTICLE_IS_PART', 'OWN_LISTING', 'DELIVERY_PICKUP_UNKNOWN', 'DELIVERY_OUT_OF_ZONE'],
    success: { status: 201, description: 'The purchase, awaiting payment', data: Achat },
    handle: ({ caller, body }) => openAchat(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/achat/mine',
    operationId: 'listMyPurchases',
    tags,
    summary: 'The caller’s purchases, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['acheteur'],
    query: AchatListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of purchases', item: Achat },
    handle: ({ caller, query }) => myAchats(caller, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/achat/:id/cancel',
    operationId: 'cancelPurchase',
    tags,
    summary: 'Cancels an unpaid purchase',
    access: 'profile',
    roles: ['acheteur'],
    params: AchatIdParams,
    errors: ['ACHAT_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The cancelled purchase', data: Achat },
    handle: ({ caller, params }) => cancelAchat(caller, params.id),
  })
  .list({
    method: 'get',
    path: '/api/achat/sales',
    operationId: 'listMyVehicleSales',
    tags,
    summary: 'The purchases of the caller’s listings (paid, handed over or cancelled), newest first: the id its handover names; never the buyer’s code',
    access: 'profile',
    reads: pagedReads(),
    roles: ['vendeur'],
    query: AchatListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of purchases', item: Achat },
    handle: ({ caller, query }) => mySoldAchats(caller, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/achat/:id/handover',
    operationId: 'handOverPurchase',
    tags,
    summary: 'The seller hands the vehicle over in person: it enters the buyer’s handover code; the purchase is `remise` and the seller’s held price released',
    access: 'profile',
    roles: ['vendeur'],
    params: AchatIdParams,
    body: HandoverCode,
    errors: ['ACHAT_NOT_FOUND', 'ORDER_DELIVERY_UNDER_WAY', 'INVALID_TRANSITION', 'HANDOVER_ALREADY_CONFIRMED', 'HANDOVER_CODE_UNAVAILABLE', 'HANDOVER_CODE_INVALID', 'HANDOVER_CODE_LOCKED'],
    success: { description: 'The purchase, handed over (the seller’s view)', data: Achat },
    handle: async ({ caller, params, body }) => toSellerAchat(params.id, await handOverBySeller(caller, params.id, body.code)),
  })
  .json({
    method: 'post',
    path: '/api/achat/:id/received',
    operationId: 'confirmPurchaseReceived',
    tags,
    summary: 'The buyer says it received the vehicle in person: the purchase is `remise` and the seller’s held price released',
    access: 'profile',
    roles: ['acheteur'],
    params: AchatIdParams,
    errors: ['ACHAT_NOT_FOUND', 'ORDER_DELIVERY_UNDER_WAY', 'INVALID_TRANSITION', 'HANDOVER_ALREADY_CONFIRMED'],
    success: { description: 'The purchase, handed over', data: Achat },
    handle: async ({ caller, params }) => toAchat(params.id, await receivedByBuyer(caller, params.id)),
  })
  .json({
    method: 'post',
    path: '/api/achat/admin/:id/status',
    operationId: 'decidePurchase',
    tags: ['Purchases (admin)'],
    summary:
      'An admin decides a paid purchase before its handover, with a reason kept in the audit trail: `annulee` (a full refund, the listing online again) or `remise` (a handover nobody confirmed: the seller’s held price released)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: AchatIdParams,
    body: AchatAdminMove,
    errors: ['ACHAT_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_DELIVERY_UNDER_WAY', 'SALE_HANDED_OVER'],
    success: { description: 'The purchase', data: Achat },
    handle: async ({ caller, params, body }) => toAchat(params.id, await adminDecide(caller, params.id, body.statut, body.reason)),
  });
