/** The notifications domain's surface for other domains. */
export { type NotificationEvent, notifyAfter } from './service';
export { pushToUser } from './push';
export { queueTemplateNotice } from './whatsapp-notices';
export { tellingSubscribers } from './tell-subscribers';
export { defineNotices, formatXof, hasNotices, type NoticeTemplate, type NoticeTemplates, useNotices } from './notice-texts';
