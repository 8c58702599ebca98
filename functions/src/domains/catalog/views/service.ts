/**
 * Views of listings: once per viewer (user, or device for anonymous clients), listing and day.
 * A device id is the client's word, so anonymous views are also capped per client address,
 * listing and day (VIEWS_ANONYMOUS_PER_IP_MAX): made-up device ids cannot inflate a count.
 * Counting takes no transaction and never writes the listing per view (repository.ts).
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { TokenCaller } from '../../../core/auth';
import { addressLimit, rateLimitKey } from '../../../core/client-ip';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import * as logger from 'firebase-functions/logger';
import { isPublic, isReadableByAll } from '../visibility';
import * as repository from './repository';

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
  const address = rateLimitKey(req);
  return { key: hashed(`device:${deviceId}`), anonymousFrom: { key: hashed(`ip:${address}`), max: addressLimit(address, config().VIEWS_ANONYMOUS_PER_IP_MAX) } };
}

/**
 * Counts the view of a listing in public view, once per viewer and day, and answers the count
 * with it. The listing is read, not locked: a view that read it public just before it left public
 * view counts, as it would have a moment earlier.
 */
export async function recordView(req: Request, caller: TokenCaller | undefined, articleId: string, deviceId: string | undefined) {
  const viewer = viewerOf(req, caller, deviceId);
  const at = now();
  const settings = config();
  const listing = await repository.readListing(articleId);
  const article = listing.data();
  if (!article || !isPublic(article, at)) throw new ApiError('ARTICLE_NOT_FOUND');
  const counted = await repository.countView(articleId, viewer, businessDay(at, settings.BUSINESS_TIME_ZONE), at);
  return { counted, views: await repository.countAfterView(listing, at, settings.VIEWS_ROLLUP_SECONDS) };
}

/** The count of a listing anyone may read, as of now: its shards summed (not the roll-up). */
export async function viewCount(articleId: string) {
  // Whoever may read the listing (GET /api/public/articles/{id}) may read its count.
  const listing = await repository.readListing(articleId);
  const article = listing.data();
  if (!article || !isReadableByAll(article, now())) throw new ApiError('ARTICLE_NOT_FOUND');
  return { articleId, views: await repository.viewsOf(articleId, listing) };
}

/** Listings whose shards a run rolls up at most (the next run takes the rest). */
const ROLLUP_LISTINGS_PER_RUN = 2000;
const ROLLUP_PAGE = 200;

/**
 * The `rollUpViews` schedule: every listing viewed since its last run gets its count on its
 * `views` (one write each, when it changed), so a listing nobody views any more shows all its views.
 */
export async function rollUpViews(): Promise<{ listings: number; written: number }> {
  let listings = 0;
  let written = 0;
  const seen = new Set<string>();
  while (listings < ROLLUP_LISTINGS_PER_RUN) {
    const ids = (await repository.pendingShards(ROLLUP_PAGE)).filter((id) => !seen.has(id));
    if (ids.length === 0) break;
    for (const id of ids) {
      seen.add(id);
      listings += 1;
      const outcome = await repository.rollUp(id, now());
      if (outcome === 'written') written += 1;
      // Changed meanwhile (an edit, a view's own roll-up): its shards stay pending for the next run.
      if (outcome === 'retry') logger.info('views roll-up deferred', { articleId: id });
    }
  }
  return { listings, written };
}
