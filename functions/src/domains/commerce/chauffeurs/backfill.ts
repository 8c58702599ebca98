/**
 * One-off (npm run backfill:listings): puts the open driver requests stored before the `demande`
 * nearby index existed into it, so drivers find them. Each open request with a point gets its
 * `geohash`, `cell` and member, in a transaction on the request (a move at the same time wins or
 * retries; nothing is placed twice). Open requests without a point cannot be placed: they are
 * counted and left to their buyer (docs/guides/commerce.md, Driver requests). Safe to run again.
 */
import { runTransaction } from '../../../core/firebase';
import { geohashOf } from '../../../core/nearby';
import { demandes, writeDemande } from './service';

const PAGE = 200;

export async function backfillOpenDemandes(): Promise<{ read: number; placed: number; withoutPoint: number }> {
  let read = 0;
  let placed = 0;
  let withoutPoint = 0;
  let after: string | undefined;
  for (;;) {
    let query = demandes().where('statut', '==', 'en_attente').orderBy('__name__').limit(PAGE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    for (const doc of page.docs) {
      read += 1;
      const outcome = await runTransaction(async (tx) => {
        const current = (await tx.get(doc.ref)).data();
        if (!current || current.statut !== 'en_attente') return 'moved';
        if (!current.lieu.point) return 'no-point';
        writeDemande(tx, doc.ref, current.cell, { ...current, geohash: geohashOf(current.lieu.point) });
        return 'placed';
      });
      if (outcome === 'placed') placed += 1;
      if (outcome === 'no-point') withoutPoint += 1;
    }
    if (page.size < PAGE) break;
    after = page.docs[page.docs.length - 1].id;
  }
  return { read, placed, withoutPoint };
}
