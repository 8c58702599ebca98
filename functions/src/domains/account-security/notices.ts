/**
 * What account security tells an account's owner about its password.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  password_reset_blocked: {
    category: 'system',
    to: 'account owner',
    when: '`OTP_MAX_FAILED_PER_DAY` wrong codes today: reset is blocked until tomorrow (once per account and day)',
    fr: () => ({
      title: 'Réinitialisation bloquée',
      body: 'Trop de codes erronés aujourd’hui : la réinitialisation de votre mot de passe est bloquée jusqu’à demain. Si ce n’est pas vous, quelqu’un tente peut-être d’accéder à votre compte.',
    }),
    en: () => ({
      title: 'Password reset blocked',
      body: 'Too many wrong codes today: resetting your password is blocked until tomorrow. If this was not you, someone may be trying to get into your account.',
    }),
  },
  password_changed: {
    category: 'system',
    to: 'account owner',
    when: 'its password was reset',
    fr: () => ({ title: 'Mot de passe modifié', body: 'Le mot de passe de votre compte vient d’être changé. Si ce n’est pas vous, contactez le support.' }),
    en: () => ({ title: 'Password changed', body: 'Your account password was just changed. If this was not you, contact support.' }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
