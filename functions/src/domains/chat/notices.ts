/**
 * What chat tells: the other participants of a room when a message is posted (one notice per
 * message and recipient). Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  chat_message: {
    category: 'messages',
    to: 'the other participants of a chat room',
    when: 'a new message (its beginning; once per message and recipient)',
    fr: (p) => ({ title: 'Nouveau message', body: p.apercu ?? 'Vous avez reçu un fichier.' }),
    en: (p) => ({ title: 'New message', body: p.apercu ?? 'You received a file.' }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
