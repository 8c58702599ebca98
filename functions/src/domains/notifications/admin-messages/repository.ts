/**
 * Admin messages (`adminMessages/{id}`) and the pages of their delivery. A page of recipients is
 * written in one transaction with the message's cursor, and only from the cursor it was read at:
 * a task delivered twice finds the cursor moved and writes nothing. Its status moves by its machine
 * (machine.ts) in those transactions.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import { type PageRequest, readPage } from '../../../core/pagination';
import type { Role } from '../../../core/roles';
import type { NotificationText } from '../notice-texts';
import { type NotificationDocument, notificationsOf } from '../repository';
import { adminMessageMachine } from './machine';
import type { AdminMessageStatus } from './state';

export interface AdminMessageDocument {
  audience: Role | 'all';
  fr: NotificationText;
  /** English text; recipients reading English get the French one when it is missing. */
  en: NotificationText | null;
  sentBy: string;
  statut: AdminMessageStatus;
  /** Its moves, the broadcast first (absent on messages stored before the delivery had a machine). */
  history?: HistoryEntry<AdminMessageStatus>[];
  /** Id of the last user a page was written for; null before the first page. */
  cursor: string | null;
  recipients: number;
  createdAt: Timestamp;
  finishedAt: Timestamp | null;
  /** The moment of its last move. */
  updatedAt?: Timestamp;
}

/** What the broadcast knows of a new message: the rest (its status and first history entry) is its machine's. */
export type NewAdminMessage = Omit<AdminMessageDocument, 'statut' | 'history' | 'updatedAt'>;

const messages = () => collection<AdminMessageDocument>(COLLECTIONS.adminMessages);

/**
 * Stores a new message in its first status, `sending`, sent by `message.sentBy`; answers it as
 * stored. One write, no transaction: its machine emits nothing at the start.
 */
export async function createMessage(id: string, message: NewAdminMessage, at: Date): Promise<AdminMessageDocument> {
  const stored: AdminMessageDocument = { ...message, ...adminMessageMachine.start(null, { id, to: 'sending', at, by: message.sentBy }) };
  await messages().doc(id).create(stored);
  return stored;
}

export async function findMessage(id: string): Promise<AdminMessageDocument | undefined> {
  return (await messages().doc(id).get()).data();
}

/** Ends a message whose delivery could not start (`reason`: why), if it is still sending. */
export async function markFailed(id: string, at: Date, reason: string): Promise<void> {
  const ref = messages().doc(id);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) return;
    const moved = adminMessageMachine.tryMove(tx, { id, from: current.statut, event: 'fail', at, reason, history: current.history ?? [] });
    if (moved) tx.update(ref, { ...moved, finishedAt: Timestamp.fromDate(at) });
  });
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
      ...(done ? { ...adminMessageMachine.move(tx, { id, from: current.statut, event: 'finish', at, history: current.history ?? [] }), finishedAt: Timestamp.fromDate(at) } : {}),
    });
    return true;
  });
}

export async function history(page: PageRequest) {
  const { docs, total } = await readPage(messages().orderBy('createdAt', 'desc'), page);
  return { items: docs.map((doc) => ({ id: doc.id, message: doc.data() })), total };
}
