/**
 * One-off migration for forwarders' files submitted before the register of stored documents
 * existed: their stored cards are entered in it, so admins list them and their signed links (which
 * serve registered files only) work. Safe to run again: registered cards are left alone. Run by an
 * operator (`npm run backfill:documents`), page by page.
 */
import { registerCardsOfFile, forwarderFileIds } from './documents';

export async function backfillIdentityCards(page = 300): Promise<{ read: number; registered: number }> {
  let after: string | undefined;
  let read = 0;
  let registered = 0;
  for (;;) {
    const ids = await forwarderFileIds(after, page);
    read += ids.length;
    for (const id of ids) if (await registerCardsOfFile(id)) registered += 1;
    if (ids.length < page) return { read, registered };
    after = ids[ids.length - 1];
  }
}
