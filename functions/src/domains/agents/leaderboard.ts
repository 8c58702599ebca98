/**
 * Leaderboards: the agents of a period (day, ISO week, month) ranked by `score`, ties by the
 * commissions earned, read from `agentPeriods`: one page of documents, the caller's own document
 * and two count aggregations for its rank (two more for a page that does not start at the top),
 * whatever the number of agents.
 *
 * One ranking rule for the list and `me.rank` (docs/guides/agents.md, "Leaderboards"): standard competition
 * ranking, 1 + the agents strictly ahead (a higher score, or the same score and more earnings).
 * Agents equal on both share a rank and the next one skips (1, 2, 2, 2, 5): each agent reads the
 * same number beside its name in the list and in its own `me.rank`.
 */
import type { Query } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { type PageRequest, toPage } from '../../core/pagination';
import { type AgentPeriodDocument, type AgentType, bucketOf, type Period, periodId, periodKeyOf } from './model';
import { periods } from './repository';
import type { Leaderboard } from './schemas';
import { today } from './service';

export async function leaderboard(
  caller: ProfileCaller,
  input: { period: Period; date?: string },
  page: PageRequest,
  /** The type a `me-pro` or `me-market` ranking is of (the router has checked the caller's). */
  wanted?: AgentType,
): Promise<z.input<typeof Leaderboard>> {
  const periodKey = periodKeyOf(input.period, input.date ?? today());
  let board: Query<AgentPeriodDocument> = periods().where('bucket', '==', bucketOf(input.period, periodKey));
  if (wanted) board = board.where('typeAgent', '==', wanted);
  const ranked = board.orderBy('score', 'desc').orderBy('earnings', 'desc');
  const mineRef = periods().doc(periodId(input.period, periodKey, caller.uid));
  const [total, snapshot, mine] = await Promise.all([board.count().get(), ranked.offset(page.offset).limit(page.limit).get(), mineRef.get()]);
  const own = mine.data();
  const score = own?.score ?? 0;
  const earnings = own?.earnings ?? 0;
  const first = snapshot.docs[0]?.data();
  // The page's first entry is ranked like `me` (it may share its rank with entries of the page
  // before); the rest follow from it, as the page is in ranking order.
  const [myRank, firstRank] = await Promise.all([rankOf(board, score, earnings), first && page.offset > 0 ? rankOf(board, first.score ?? 0, first.earnings ?? 0) : Promise.resolve(1)]);
  let previous: { rank: number; score: number; earnings: number } | undefined;
  const items = snapshot.docs.map((doc, index) => {
    const entry = doc.data();
    const entryScore = entry.score ?? 0;
    const entryEarnings = entry.earnings ?? 0;
    const tied = previous !== undefined && previous.score === entryScore && previous.earnings === entryEarnings;
    const rank = index === 0 ? firstRank : tied ? previous!.rank : page.offset + index + 1;
    previous = { rank, score: entryScore, earnings: entryEarnings };
    return {
      rank,
      agentId: entry.agentId,
      typeAgent: entry.typeAgent ?? null,
      score: entryScore,
      earnings: entryEarnings,
      abonnementsVendus: entry.abonnementsVendus ?? 0,
      campagnesLancees: entry.campagnesLancees ?? 0,
      boutiquesCreees: entry.boutiquesCreees ?? 0,
      demonstrations: entry.demonstrations ?? 0,
    };
  });
  return {
    period: input.period,
    periodKey,
    ...toPage(page, items, total.data().count),
    me: { agentId: caller.uid, rank: myRank, score, earnings, ranked: own !== undefined },
  };
}

/** 1 + the agents of the board strictly ahead of (`score`, `earnings`): two count aggregations. */
async function rankOf(board: Query<AgentPeriodDocument>, score: number, earnings: number): Promise<number> {
  const [above, tiedAbove] = await Promise.all([
    board.where('score', '>', score).count().get(),
    board.where('score', '==', score).where('earnings', '>', earnings).count().get(),
  ]);
  return 1 + above.data().count + tiedAbove.data().count;
}
