/** The notifications domain's surface for other domains. */
export { type NotificationEvent, notifyAfter, notifyIn } from './service';
export { pushToUser } from './push';
export { queueTemplateNotice } from './template-notices';
export { defineNotices, formatDay, formatXof, hasNotices, type NoticeTemplate, type NoticeTemplates, useNotices } from './templates';
