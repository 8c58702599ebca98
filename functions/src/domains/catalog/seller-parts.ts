/**
 * A seller's parts follow its access (DOMAIN.md: a seller without access cannot publish parts, and
 * its existing ones are hidden until renewal). Each part of a seller carries `visibleJusqua`, the
 * end of its seller's access when last known, set when it is published, and `vendeurActif`, which
 * searches filter on (an equality, so search stays served by the merged per-field indexes; a
 * range on the end would need a composite index per combination of filters).
 *  - A renewal (subscription payment) moves every part of the seller to the new end and shows it,
 *    in bounded batches (`showSellerParts`, called by the payment's effect after the extension).
 *  - The hourly job hides the parts whose end is past, re-reading the seller's access in each
 *    part's transaction: one extended meanwhile moves the part to the new end instead.
 *  - Until the job runs, reads and search pages compare the end with now themselves (visibility.ts).
 */
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { sellerAccessEnd } from '../subscriptions';
import * as partAccess from './part-access';

/** Job batches per run: a run does at most this many times SELLER_PARTS_BATCH_SIZE parts; the next run takes the rest. */
const BATCHES_PER_RUN = 10;

/** After a renewal: the seller's parts get the new end of its access and are shown again. */
export async function showSellerParts(uid: string, accessEnd: Date): Promise<{ shown: number }> {
  const limit = config().SELLER_PARTS_BATCH_SIZE;
  let shown = 0;
  for (;;) {
    const batch = await partAccess.extendPartsOf(uid, accessEnd, limit, now());
    shown += batch;
    if (batch < limit) return { shown };
  }
}

/** Hourly: hides the parts whose seller's access ended; extends those whose seller renewed meanwhile. */
export async function hideLapsedSellerParts(): Promise<{ hidden: number; extended: number }> {
  const limit = config().SELLER_PARTS_BATCH_SIZE;
  const done = { hidden: 0, extended: 0 };
  for (let run = 0; run < BATCHES_PER_RUN; run += 1) {
    const at = now();
    const due = await partAccess.lapsedParts(at, limit);
    for (const part of due) {
      const outcome = await partAccess.refreshPartAccess(part.id, (tx) => sellerAccessEnd(part.vendeur, tx), at);
      if (outcome !== 'unchanged') done[outcome] += 1;
    }
    if (due.length < limit) break;
  }
  return done;
}
