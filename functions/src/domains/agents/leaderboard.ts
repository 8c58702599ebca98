/**
 * Leaderboards: the agents of a period (day, ISO week, month) ranked by `score`, ties by the
 * commissions earned, read from `agentPeriods`: one page of documents, the caller's own document
 * and two count aggregations for its rank, whatever the number of agents.
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
  const [above, tiedAbove] = await Promise.all([
    board.where('score', '>', score).count().get(),
    board.where('score', '==', score).where('earnings', '>', earnings).count().get(),
  ]);
  const items = snapshot.docs.map((doc, index) => {
    const entry = doc.data();
    return {
      rank: page.offset + index + 1,
      agentId: entry.agentId,
      typeAgent: entry.typeAgent ?? null,
      score: entry.score ?? 0,
      earnings: entry.earnings ?? 0,
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
    me: { agentId: caller.uid, rank: 1 + above.data().count + tiedAbove.data().count, score, earnings, ranked: own !== undefined },
  };
}
