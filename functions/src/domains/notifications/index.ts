/** The notifications domain's surface for other domains. */
export { type NotificationEvent, notifyAfter } from './service';
export { pushToUser } from './push';
export { queueTemplateNotice } from './template-notices';
export { tellingSubscribers } from './telling';
export { defineNotices, formatXof, hasNotices, type NoticeTemplate, type NoticeTemplates, useNotices } from './templates';
