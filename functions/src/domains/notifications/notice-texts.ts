/**
 * What a notice says, in both languages. Each domain writes the templates of the notices it sends
 * in its own `notices.ts` (`defineNotices`); the composition root hands them all to this module
 * (`useNotices`, src/notices.ts), which the `notifications.write` subscriber reads. A notice is
 * written in its recipient's language (their settings), not the language of the request that
 * caused it: the buyer who picks a forwarder may read French while the forwarder reads English.
 */
import type { NoticeType } from '../../core/notices';
export { RESOURCE_KINDS, type ResourceKind } from '../../core/notices';
import type { NOTIFICATION_CATEGORIES } from '../settings';

export type Language = 'fr' | 'en';
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export interface NotificationText {
  title: string;
  body: string;
}
export type NoticeParams = Record<string, string>;

export interface NoticeTemplate {
  /** The settings toggle that decides whether the notice is also pushed to the devices. */
  category: NotificationCategory;
  /** Who reads it (`buyer`, `forwarder`...): the notices table of docs/guides/notifications.md. */
  to: string;
  /** When it is written, in a phrase after "when" (`a buyer chose it`): the same table. */
  when: string;
  fr(params: NoticeParams): NotificationText;
  en(params: NoticeParams): NotificationText;
}

/** Types the templates a domain declares, keeping their names (for its NoticeCatalog entry). */
export const defineNotices = <T extends Record<string, NoticeTemplate>>(templates: T): T => templates;

export type NoticeTemplates = Partial<Record<NoticeType, NoticeTemplate>>;

/** An amount in XOF, grouped the French way in both languages (the currency's own convention). */
export const formatXof = (amount: string) => `${new Intl.NumberFormat('fr-FR').format(Number(amount)).replace(/\s/g, ' ')} XOF`;

type Loader = () => Promise<NoticeTemplates>;
let loader: Loader | undefined;
let loaded: Promise<NoticeTemplates> | undefined;

/** The composition root hands over every domain's templates, loaded on the first notice written. */
export function useNotices(load: Loader): void {
  loader = load;
  loaded = undefined;
}

export const hasNotices = (): boolean => loader !== undefined;

/**
 * The template of a notice type. A type no domain registered throws: the subscriber's run fails,
 * is retried and then parked where admins see it, rather than writing an empty notice.
 */
export async function templateOf(type: NoticeType): Promise<NoticeTemplate> {
  if (!loader) throw new Error('No notice templates registered: call useNotices() in the composition root');
  loaded ??= loader();
  const template = (await loaded)[type];
  if (!template) throw new Error(`No template for the notice "${type}": declare it in its domain's notices.ts`);
  return template;
}
