/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
/**
 * Admin messages (`adminMessages/{id}`) and the pages of their delivery. A page of recipients is
 * written in one transaction with the message's cursor, and only from the cursor it was read at:
 * a task delivered twice finds the cursor moved and writes nothing.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage } from '../../../core/pagination';
import type { Role } from '../../../core/roles';
import type { NotificationText } from '../notice-texts';
import { type NotificationDocument, notificationsOf } from '../repository';

export interface AdminMessageDocument {
  audience: Role | 'all';
  fr: NotificationText;
  /** English text; recipients reading English get the French one when it is missing. */
  en: NotificationText | null;
  sentBy: string;
  statut: 'sending' | 'sent' | 'failed';
  /** Id of the last user a page was written for; null before the first page. */
  cursor: string | null;
  recipients: number;
  createdAt: Timestamp;
  finishedAt: Timestamp | null;
}

const messages = () => collection<AdminMessageDocument>(COLLECTIONS.adminMessages);

export async function createMessage(id: string, message: AdminMessageDocument): Promise<void> {
  await messages().doc(id).create(message);
}

export async function findMessage(id: string): Promise<AdminMessageDocument | undefined> {
  return (await messages().doc(id).get()).data();
}

export async function markFailed(id: string, at: Date): Promise<void> {
  await messages().doc(id).update({ statut: 'failed', finishedAt: Timestamp.fromDate(at) });
}

/**
 * Writes one page of notifications and moves the cursor to `nextCursor`, if the message is still
 * at `cursor`; false when another delivery of the same page got there first.
 */
export async function writePage(
  id: string,
  cursor: string | null,
  nextCursor: string | null,
  notifications: Array<{ uid: string; notificationId: string; notification: NotificationDocument }>,
  done: boolean,
  at: Date,
): Promise<boolean> {
  const ref = messages().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.statut !== 'sending' || current.cursor !== cursor) return false;
    for (const { uid, notificationId, notification } of notifications) tx.set(notificationsOf(uid).doc(notificationId), notification);
    tx.update(ref, {
      cursor: nextCursor ?? cursor,
      recipients: current.recipients + notifications.length,
      ...(done ? { statut: 'sent', finishedAt: Timestamp.fromDate(at) } : {}),
    });
    return true;
  });
}

export async function history(page: PageRequest) {
  const { docs, total } = await readPage(messages().orderBy('createdAt', 'desc'), page);
  return { items: docs.map((doc) => ({ id: doc.id, message: doc.data() })), total };
}
