/**
 * One-off migration for chat messages posted before files were references: their document (what
 * participants listen to) kept the URL the client sent, which could be a `javascript:` link or a
 * page of another site around the sender's own file. Answers already build the URL from the
 * stored path; this rewrites the listened copy the same way. Only a URL that is not exactly ours
 * for the message's path is rewritten, so a second run changes nothing (a signed URL of ours stays
 * until it is rebuilt by an answer). Run by an operator (`npm run backfill:chat-files`), page by
 * page: it reads every room once, and the messages of each that hold a file.
 */
import { FieldPath, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { fileStorage } from '../../adapters/storage/storage';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';

const PAGE = 300;

interface StoredFile {
  fichierUrl: string | null;
  fichierPath: string | null;
}

export async function backfillChatFileUrls(page = PAGE): Promise<{ rooms: number; read: number; updated: number }> {
  const storage = await fileStorage();
  const rooms = collection<object>(COLLECTIONS.chatRooms);
  let roomsRead = 0;
  let read = 0;
  let updated = 0;
  let lastRoom: string | undefined;
  for (;;) {
    const ordered = rooms.orderBy(FieldPath.documentId()).limit(page);
    const roomPage = await (lastRoom === undefined ? ordered : ordered.startAfter(lastRoom)).get();
    roomsRead += roomPage.size;
    for (const room of roomPage.docs) {
      const messages = collection<StoredFile>(COLLECTIONS.chatMessages, room.ref).where('fichierPath', '!=', null).orderBy('fichierPath').limit(page);
      let last: QueryDocumentSnapshot<StoredFile> | undefined;
      for (;;) {
        const messagePage = await (last ? messages.startAfter(last) : messages).get();
        read += messagePage.size;
        for (const message of messagePage.docs) {
          const { fichierUrl, fichierPath } = message.data();
          if (fichierPath === null || (fichierUrl !== null && storage.mediaPathOf(fichierUrl) === fichierPath)) continue;
          // In a transaction: a deletion meanwhile (the file removed) must not be undone.
          const rewritten = await runTransaction(async (tx) => {
            const current = (await tx.get(message.ref)).data();
            if (!current || current.fichierPath !== fichierPath) return false;
            tx.update(message.ref, { fichierUrl: await storage.mediaUrl(fichierPath) });
            return true;
          });
          if (rewritten) updated += 1;
        }
        if (messagePage.size < page) break;
        last = messagePage.docs[messagePage.docs.length - 1];
      }
    }
    if (roomPage.size < page) return { rooms: roomsRead, read, updated };
    lastRoom = roomPage.docs[roomPage.docs.length - 1].id;
  }
}
