/**
 * Drivers' list of open requests: the members of the `demande` nearby index around the driver's
 * position (core/nearby, the couriers' and tricycles' search), nearest first, each shown by the area
 * of its meeting place (model.ts). It reads the members of the cells around the driver, nearest cell
 * first, at most OPEN_PER_CELL a cell and OPEN_MAX_READS in all, and answers from them with no
 * second read: never the collection of requests.
 */
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { findNearby, type Point } from '../../../core/nearby';
import { membersOf } from '../../../core/nearby-members';
import { type PageRequest, toPage } from '../../../core/pagination';
import type { DemandeMember } from './model';
import type { OpenDemande } from './schemas';

/** Members read per cell of the open list at most. */
export const OPEN_PER_CELL = 100;
/** Member documents one open list reads at most, whatever its radius and page: its ceiling. */
export const OPEN_MAX_READS = 200;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Open requests within `radiusKm` of the driver at `from`, nearest first, whose date is ahead and
 * which the driver did not give up; one page of what the bounded search found.
 */
export async function openDemandes(caller: ProfileCaller, page: PageRequest, from: Point, radiusKm: number) {
  // Members whose date passed stay in their cell until the request next moves: the query leaves
  // them out, so they cost no read and take no place in the cell's limit.
  const ahead = Timestamp.fromDate(now());
  const upcoming = (cell: string) => membersOf<DemandeMember>('demande')(cell).where('date', '>', ahead);
  const { found, truncated } = await findNearby(upcoming, from, radiusKm, OPEN_PER_CELL, (member) => member.position, OPEN_MAX_READS);
  if (truncated) logger.info('Open driver requests truncated', { radiusKm, found: found.length });
  const at = now().getTime();
  const offered = found.filter(({ data }) => data.date.toMillis() > at && !data.refusedBy.includes(caller.uid));
  const items = offered.slice(page.offset, page.offset + page.limit).map(
    ({ id, data, distanceKm }): z.input<typeof OpenDemande> => ({
      id,
      articleId: data.articleId,
      articleTitre: data.articleTitre,
      trajet: data.trajet,
      date: data.date.toDate().toISOString(),
      zone: data.position,
      distanceKm: round2(distanceKm),
      createdAt: data.createdAt.toDate().toISOString(),
    }),
  );
  return toPage(page, items, offered.length);
}
