/** Views of listings: once per viewer (user, or device for anonymous clients), listing and day. */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { verifyCaller } from '../../core/auth';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import * as repository from './repository';
import { viewArticle } from './service';

/** A signed-in viewer is its user; an anonymous one its device id. A bad token is refused, not ignored. */
async function viewerKey(req: Request, deviceId: string | undefined): Promise<string> {
  const id = req.get('authorization') ? `user:${(await verifyCaller(req)).uid}` : deviceId ? `device:${deviceId}` : undefined;
  if (!id) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'body.deviceId', reason: 'required', hint: 'Anonymous viewers send their device id.' }]);
  }
  return createHash('sha256').update(id).digest('hex').slice(0, 32);
}

export async function recordView(req: Request, articleId: string, deviceId: string | undefined) {
  const at = now();
  return repository.recordView(articleId, await viewerKey(req, deviceId), businessDay(at, config().BUSINESS_TIME_ZONE), at);
}

export async function viewCount(articleId: string) {
  const article = await viewArticle(undefined, articleId);
  return { articleId, views: article.views };
}
