/**
 * Views of listings: once per viewer (user, or device for anonymous clients), listing and day.
 * A device id is the client's word, so anonymous views are also capped per client address,
 * listing and day (VIEWS_ANONYMOUS_PER_IP_MAX): made-up device ids cannot inflate a count.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { TokenCaller } from '../../../core/auth';
import { rateLimitKey } from '../../../core/client-ip';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import * as repository from '../repository';
import { viewArticle } from '../service';

const hashed = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * A signed-in viewer is its user (its token verified by the router: a bad one is refused, not
 * ignored); an anonymous one its device id, counted against its address's daily allowance.
 */
function viewerOf(req: Request, caller: TokenCaller | undefined, deviceId: string | undefined): repository.Viewer {
  if (caller) return { key: hashed(`user:${caller.uid}`) };
  if (!deviceId) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'body.deviceId', reason: 'required', hint: 'Anonymous viewers send their device id.' }]);
  }
  return { key: hashed(`device:${deviceId}`), anonymousFrom: { key: hashed(`ip:${rateLimitKey(req)}`), max: config().VIEWS_ANONYMOUS_PER_IP_MAX } };
}

export async function recordView(req: Request, caller: TokenCaller | undefined, articleId: string, deviceId: string | undefined) {
  const at = now();
  return repository.recordView(articleId, viewerOf(req, caller, deviceId), businessDay(at, config().BUSINESS_TIME_ZONE), at);
}

export async function viewCount(articleId: string) {
  const article = await viewArticle(undefined, articleId);
  return { articleId, views: article.views };
}
