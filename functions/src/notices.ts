/**
 * Every domain's notice templates, from the modules (modules.ts): the notifications domain writes
 * a notice from its template, and knows no domain. Each domain's `notices.ts` declares its
 * notices' names (core/notices.ts) and texts.
 */
import type { NoticeTemplate, NoticeTemplates } from './domains/notifications';
import { MODULES } from './modules';

/** The templates of every domain; a name declared twice is a mistake, refused here. */
export async function allNotices(): Promise<NoticeTemplates> {
  const lists = await Promise.all(MODULES.map((module) => module.notices?.() ?? {}));
  return mergeNotices(lists as Array<Record<string, NoticeTemplate>>);
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
