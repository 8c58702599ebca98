import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { OrderInput } from '../schemas';
import { z } from 'zod';
import { handOverBySeller, receivedByBuyer } from './handover';
import { HandoverCode } from '../handover/schemas';
import { AdminMove, Order, OrderAdminQuery, OrderIdParams, OrderListQuery, SellerMove, SellerOrder } from './schemas';
import * as service from './service';

const tags = ['Orders'];
const adminTags = ['Orders (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/orders',
    operationId: 'createOrder',
    tags,
    summary: 'Orders online parts at their listings’ prices (plus the delivery fee); then pay it (payment type `commande`, `metadata.commandeId`)',
    access: 'profile',
    roles: ['acheteur'],
    body: OrderInput,
    errors: ['ARTICLE_NOT_ONLINE', 'ARTICLE_NOT_PART', 'OUT_OF_STOCK', 'OWN_LISTING', 'DELIVERY_ADDRESS_REQUIRED', 'DELIVERY_PICKUP_UNKNOWN', 'DELIVERY_OUT_OF_ZONE'],
    success: { status: 201, description: 'The order, awaiting payment, with its total', data: Order },
    handle: ({ caller, body }) => service.createOrder(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/orders/mine',
    operationId: 'listMyOrders',
    tags,
    summary: 'The caller’s orders, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['acheteur'],
    query: OrderListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of orders', item: Order },
    handle: ({ caller, query }) => service.myOrders(caller, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/orders/sales',
    operationId: 'listMyOrderSales',
    tags,
    summary: 'Orders containing the caller’s listings, each as the caller’s part (`SellerOrder`: its own lines and their sum), newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['vendeur'],
    query: OrderListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of the caller’s parts of orders', item: SellerOrder },
    handle: ({ caller, query }) => service.mySales(caller, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/orders/admin',
    operationId: 'listOrders',
    tags: adminTags,
    summary: 'All orders, newest first, by status, buyer or seller',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: OrderAdminQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of orders', item: Order },
    handle: ({ query }) => service.allOrders(query, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/orders/admin/:id/status',
    operationId: 'setOrderStatusAsAdmin',
    tags: adminTags,
    summary:
      'Moves an order along its status table, with a reason kept in its history: `cancelled` at any point before the handover (`shipped` included; its money marked for refund, units back in stock), `delivered` for a sale nobody confirmed (its sellers’ held money released)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: OrderIdParams,
    body: AdminMove,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_DELIVERY_UNDER_WAY', 'SALE_HANDED_OVER'],
    success: { description: 'The order', data: Order },
    handle: ({ caller, params, body }) => service.adminMove(caller, params.id, body),
  })
  .json({
    method: 'get',
    path: '/api/orders/:id',
    operationId: 'getOrder',
    tags,
    summary: 'One order: its buyer and admins see all of it (`Order`), a seller its own part (`SellerOrder`)',
    access: 'profile',
    params: OrderIdParams,
    errors: ['ORDER_NOT_FOUND'],
    success: { description: 'The order (buyer, admins) or the caller’s part of it (a seller)', data: z.union([Order, SellerOrder]) },
    handle: ({ caller, params }) => service.readOrder(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/orders/:id/cancel',
    operationId: 'cancelOrder',
    tags,
    summary:
      'Cancels the caller’s order before the seller declares it `shipped` (a paid one: its money is marked for refund, its units back in stock; a paid one with delivery: through its delivery only)',
    access: 'profile',
    roles: ['acheteur'],
    params: OrderIdParams,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_DELIVERY_UNDER_WAY', 'SALE_HANDED_OVER'],
    success: { description: 'The cancelled order', data: Order },
    handle: ({ caller, params }) => service.cancelOrder(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/orders/:id/status',
    operationId: 'setOrderStatus',
    tags,
    summary: 'A seller of the order declares it `processing`, then `shipped` (its word, not a handover: the buyer’s code is)',
    access: 'profile',
    roles: ['vendeur'],
    params: OrderIdParams,
    body: SellerMove,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The caller’s part of the order', data: SellerOrder },
    handle: ({ caller, params, body }) => service.sellerMove(caller, params.id, body),
  })
  .json({
    method: 'post',
    path: '/api/orders/:id/handover',
    operationId: 'handOverOrder',
    tags,
    summary: 'A seller hands its parts over in person: it enters the buyer’s handover code; its held money is released (the last seller’s makes the order `delivered`)',
    access: 'profile',
    roles: ['vendeur'],
    params: OrderIdParams,
    body: HandoverCode,
    errors: ['ORDER_NOT_FOUND', 'ORDER_DELIVERY_UNDER_WAY', 'INVALID_TRANSITION', 'HANDOVER_ALREADY_CONFIRMED', 'HANDOVER_CODE_UNAVAILABLE', 'HANDOVER_CODE_INVALID', 'HANDOVER_CODE_LOCKED'],
    success: { description: 'The caller’s part of the order, handed over', data: SellerOrder },
    handle: async ({ caller, params, body }) => service.toSellerOrder(params.id, await handOverBySeller(caller, params.id, body.code), caller.uid),
  })
  .json({
    method: 'post',
    path: '/api/orders/:id/received',
    operationId: 'confirmOrderReceived',
    tags,
    summary: 'The buyer says it received its parts in person: every seller’s lines not handed over yet are (their held money released), the order `delivered`',
    access: 'profile',
    roles: ['acheteur'],
    params: OrderIdParams,
    errors: ['ORDER_NOT_FOUND', 'ORDER_DELIVERY_UNDER_WAY', 'INVALID_TRANSITION', 'HANDOVER_ALREADY_CONFIRMED'],
    success: { description: 'The order, delivered', data: Order },
    handle: async ({ caller, params }) => service.toOrder(params.id, await receivedByBuyer(caller, params.id)),
  });
