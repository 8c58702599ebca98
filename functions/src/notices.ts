/**
 * Every domain's notice templates, listed once (as subscribers.ts lists subscribers): the
 * notifications domain writes a notice from its template, and knows no domain. Each domain's
 * `notices.ts` declares its notices' names (core/notices.ts) and texts.
 */
import type { NoticeTemplate, NoticeTemplates } from './domains/notifications';

/** The templates of every domain; a name declared twice is a mistake, refused here. */
export async function allNotices(): Promise<NoticeTemplates> {
  const modules = await Promise.all([
    import('./domains/account-security/notices'),
    import('./domains/catalog/notices'),
    import('./domains/chat/notices'),
    import('./domains/commerce/notices'),
    import('./domains/logistics/notices'),
    import('./domains/subscriptions/notices'),
    import('./domains/transit/notices'),
  ]);
  return mergeNotices(modules.map((module) => module.notices));
}

export function mergeNotices(lists: Array<Record<string, NoticeTemplate>>): NoticeTemplates {
  const merged: Record<string, NoticeTemplate> = {};
  for (const list of lists) {
    for (const [name, template] of Object.entries(list)) {
      if (name in merged) throw new Error(`The notice "${name}" is declared by two domains`);
      merged[name] = template;
    }
  }
  return merged;
}
