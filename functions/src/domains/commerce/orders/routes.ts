import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { OrderInput } from '../schemas';
import { z } from 'zod';
import { AdminMove, Order, OrderAdminQuery, OrderIdParams, OrderListQuery, SellerMove, SellerOrder } from './schemas';
import * as service from './service';

const tags = ['Orders'];
const adminTags = ['Orders (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/orders',
    tags,
    summary: 'Orders online parts at their listings’ prices (plus the delivery fee); then pay it (payment type `commande`, `metadata.commandeId`)',
    access: 'profile',
    roles: ['acheteur'],
    body: OrderInput,
    errors: ['ARTICLE_NOT_ONLINE', 'ARTICLE_NOT_PART', 'OUT_OF_STOCK', 'OWN_LISTING', 'DELIVERY_ADDRESS_REQUIRED'],
    success: { status: 201, description: 'The order, awaiting payment, with its total', data: Order },
    handle: ({ caller, body }) => service.createOrder(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/orders/mine',
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
    tags: adminTags,
    summary: 'Moves an order along its status table, with a reason kept in its history (a paid order cancelled: its money is marked for refund)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: OrderIdParams,
    body: AdminMove,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_DELIVERY_UNDER_WAY'],
    success: { description: 'The order', data: Order },
    handle: ({ caller, params, body }) => service.adminMove(caller, params.id, body),
  })
  .json({
    method: 'get',
    path: '/api/orders/:id',
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
    tags,
    summary: 'Cancels the caller’s order before shipping (a paid one: its money is marked for refund; a paid one with delivery: through its delivery only)',
    access: 'profile',
    roles: ['acheteur'],
    params: OrderIdParams,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ORDER_DELIVERY_UNDER_WAY'],
    success: { description: 'The cancelled order', data: Order },
    handle: ({ caller, params }) => service.cancelOrder(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/orders/:id/status',
    tags,
    summary: 'A seller of the order moves it to `processing`, then `shipped`',
    access: 'profile',
    roles: ['vendeur'],
    params: OrderIdParams,
    body: SellerMove,
    errors: ['ORDER_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The caller’s part of the order', data: SellerOrder },
    handle: ({ caller, params, body }) => service.sellerMove(caller, params.id, body),
  });
