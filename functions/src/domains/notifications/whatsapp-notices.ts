/**
 * Notices through the messaging channel's approved templates (WhatsApp), besides in-app and push.
 * A domain names the template (a setting: empty means the channel is not configured for that
 * notice, and nothing is queued) and its body parameters; the recipient's telephone and language
 * come from its profile and settings. The notice is written `templateNotices/{key}` (the key, the
 * event it tells of, makes it one) and the `sendTemplateNotices` trigger sends it: only that
 * function holds the WhatsApp token, not every function whose events lead here.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { db, runTransaction } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import { getUser } from '../identity';
import { getSettings } from '../settings';

export interface TemplateNoticeDocument {
  uid: string;
  to: string;
  template: string;
  language: 'fr' | 'en';
  params: string[];
  createdAt: Timestamp;
  sentAt: Timestamp | null;
  messageId: string | null;
  /** Set when sending failed for a day (template-delivery.ts): no more tries. */
  givenUpAt?: Timestamp;
  /** Firestore's TTL deletes the notice then: sent or given up long before. */
  expireAt: Timestamp;
}

/** How long a queued notice is kept: well past the day its sending is tried. */
const KEEP_DAYS = 30;

export const templateNoticeRef = (key: string) => db().collection(COLLECTIONS.templateNotices).doc(key);

export async function queueTemplateNotice(uid: string, notice: { template: string; params: string[]; key: string }): Promise<'queued' | 'not_configured' | 'no_telephone'> {
  if (!notice.template) return 'not_configured';
  const [user, settings] = await Promise.all([getUser(uid), getSettings(uid)]);
  if (!user?.telephone || user.isBlocked) return 'no_telephone';
  const document: TemplateNoticeDocument = {
    uid,
    to: user.telephone,
    template: notice.template,
    language: settings.language,
    params: notice.params,
    createdAt: Timestamp.fromDate(now()),
    sentAt: null,
    messageId: null,
    expireAt: Timestamp.fromMillis(now().getTime() + KEEP_DAYS * 86_400_000),
  };
  await runTransaction(async (tx) => {
    const ref = templateNoticeRef(notice.key);
    if (!(await tx.get(ref)).exists) tx.create(ref, document);
  });
  return 'queued';
}
