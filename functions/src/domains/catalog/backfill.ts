/**
 * One-off migration for listings written before sellers' access was tracked on them: such a
 * listing has no `vendeurActif`, and searches filter on it, so it would vanish from every public
 * list. Each one gets what publishing gives today: shown (`vendeurActif`) and, for a seller's part,
 * the end of its seller's access (`visibleJusqua`; hidden at once when that end is past). Listings
 * that have the fields are left alone, so a second run changes nothing. Run by an operator
 * (`npm run backfill:listings`), page by page: it reads the whole collection once.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { getUser } from '../identity';
import { sellerAccessEnd } from '../subscriptions';
import * as repository from './repository';

const PAGE = 300;

export async function backfillListingVisibility(page = PAGE): Promise<{ read: number; updated: number }> {
  let after: string | undefined;
  let read = 0;
  let updated = 0;
  for (;;) {
    const listings = await repository.articlesAfter(after, page);
    read += listings.length;
    for (const { id, article } of listings) {
      if (article.vendeurActif !== undefined) continue;
      // As at publication: only a seller's parts follow its access (admins publish for the marketplace).
      const sellerPart = article.type === 'piece' && (await getUser(article.vendeur))?.role === 'vendeur';
      const end = sellerPart ? await sellerAccessEnd(article.vendeur) : null;
      const fields = { vendeurActif: !(sellerPart && (!end || end <= now())), visibleJusqua: end && Timestamp.fromDate(end) };
      if (await repository.setIfMissing(id, 'vendeurActif', fields)) updated += 1;
    }
    if (listings.length < page) return { read, updated };
    after = listings[listings.length - 1].id;
  }
}
