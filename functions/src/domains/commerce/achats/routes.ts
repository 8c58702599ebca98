import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { Achat, AchatIdParams, AchatListQuery, AchatRequest } from './schemas';
import { cancelAchat, myAchats, openAchat } from './service';

const tags = ['Purchases'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/achat',
    tags,
    summary: 'Opens the purchase of an online listing, at its price; then pay it (payment type `achat`, `metadata.achatId`)',
    access: 'profile',
    roles: ['acheteur'],
    body: AchatRequest,
    errors: ['ARTICLE_NOT_ONLINE', 'OWN_LISTING'],
    success: { status: 201, description: 'The purchase, awaiting payment', data: Achat },
    handle: ({ caller, body }) => openAchat(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/achat/mine',
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
    tags,
    summary: 'Cancels an unpaid purchase',
    access: 'profile',
    roles: ['acheteur'],
    params: AchatIdParams,
    errors: ['ACHAT_NOT_FOUND', 'INVALID_TRANSITION'],
    success: { description: 'The cancelled purchase', data: Achat },
    handle: ({ caller, params }) => cancelAchat(caller, params.id),
  });
