/**
 * In-app notifications live under their recipient (`users/{uid}/notifications/{id}`), so a user's
 * list, unread count and "read all" touch only their own documents, and the rules can let the app
 * listen to them. Ids are derived from the event, so an event told twice is stored once.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import { type PageRequest, readPage } from '../../core/pagination';
import type { NoticeType } from '../../core/notices';
import type { Language, NotificationCategory, ResourceKind } from './notice-texts';


export interface NotificationDocument {
  type: NoticeType | 'admin_message';
  category: NotificationCategory;
  title: string;
  body: string;
  language: Language;
  resource: { kind: ResourceKind; id: string } | null;
  read: boolean;
  readAt: Timestamp | null;
  createdAt: Timestamp;
  /** TTL policy field: old notifications go by themselves (NOTIFICATION_RETENTION_DAYS). */
  expireAt: Timestamp;
  /** When its push was sent (the trigger marks it first, so a redelivery sends nothing). */
  pushedAt?: Timestamp;
  /**
   * Whether the recipient kept the notice's category on when it was written: the writer read the
   * settings for the language already, so the push trigger decides from this instead of reading
   * them again. Absent on notices written before it was kept: the trigger reads the settings.
   */
  push?: boolean;
}

/** "Read all" marks at most this many per request; the answer says when more are left. */
export const MARK_ALL_BATCH = 400;
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;

export const notificationsOf = (uid: string) => collection<NotificationDocument>(COLLECTIONS.notifications, db().collection(COLLECTIONS.users).doc(uid));

/** Stores the notification unless one with this id exists; true when it was new. */
export async function createOnce(uid: string, id: string, notification: NotificationDocument): Promise<boolean> {
  try {
    await notificationsOf(uid).doc(id).create(notification);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}

export async function find(uid: string, id: string): Promise<NotificationDocument | undefined> {
  return (await notificationsOf(uid).doc(id).get()).data();
}

/** Marks a notice's push as sent, once: false when it was already marked (or is gone). */
export async function claimPush(uid: string, id: string, at: Date): Promise<boolean> {
  const ref = notificationsOf(uid).doc(id);
  return runTransaction(async (tx) => {
    const notice = await tx.get(ref);
    if (!notice.exists || notice.get('pushedAt')) return false;
    tx.update(ref, { pushedAt: Timestamp.fromDate(at) });
    return true;
  });
}

export async function list(uid: string, unreadOnly: boolean, page: PageRequest) {
  const all = notificationsOf(uid);
  const query = (unreadOnly ? all.where('read', '==', false) : all).orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, notification: doc.data() })), total };
}

export async function countUnread(uid: string): Promise<number> {
  return (await notificationsOf(uid).where('read', '==', false).count().get()).data().count;
}

/** Sets the read flag of one notification; NOTIFICATION_NOT_FOUND when the user has none by that id. */
export async function setRead(uid: string, id: string, read: boolean, at: Date): Promise<NotificationDocument> {
  const ref = notificationsOf(uid).doc(id);
  try {
    // update() fails on a missing document, so a stray id never creates a half notification.
    await ref.update({ read, readAt: read ? Timestamp.fromDate(at) : null });
  } catch (error) {
    if ((error as { code?: number }).code === NOT_FOUND) throw new ApiError('NOTIFICATION_NOT_FOUND');
    throw error;
  }
  const stored = (await ref.get()).data();
  // Deleted between the update and this read: the answer of a delete that came first.
  if (!stored) throw new ApiError('NOTIFICATION_NOT_FOUND');
  return stored;
}

export async function markAllRead(uid: string, at: Date): Promise<{ updated: number; hasMore: boolean }> {
  const unread = await notificationsOf(uid).where('read', '==', false).limit(MARK_ALL_BATCH + 1).get();
  const batch = db().batch();
  const marked = unread.docs.slice(0, MARK_ALL_BATCH);
  for (const doc of marked) batch.update(doc.ref, { read: true, readAt: Timestamp.fromDate(at) });
  if (marked.length > 0) await batch.commit();
  return { updated: marked.length, hasMore: unread.size > MARK_ALL_BATCH };
}

export async function remove(uid: string, id: string): Promise<void> {
  try {
    await notificationsOf(uid).doc(id).delete({ exists: true });
  } catch (error) {
    if ((error as { code?: number }).code === NOT_FOUND) throw new ApiError('NOTIFICATION_NOT_FOUND');
    throw error;
  }
}
