/**
 * The error codes of the account-security domain (password reset codes, telephone proofs and the
 * messaging webhook): each with its HTTP status, its messages and, in its doc comment, when it is
 * answered (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated
 * from them). The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** The number has an account on each app: say which (`app`: `buyer` or `pro`). */
  APP_REQUIRED: {
    status: 400,
    fr: 'Ce numéro a un compte sur chaque application : précisez laquelle.',
    en: 'This number has an account on each app: say which one.',
  },
  /** A new password of fewer than 8 characters. */
  PASSWORD_TOO_SHORT: {
    status: 400,
    fr: 'Le mot de passe doit contenir au moins 8 caractères.',
    en: 'The password needs at least 8 characters.',
  },
  /** Wrong code (uses up an attempt), or no code was asked for. */
  OTP_INVALID: {
    status: 400,
    fr: 'Ce code est incorrect.',
    en: 'This code is wrong.',
  },
  /** The code is older than `OTP_TTL_MS`. */
  OTP_EXPIRED: {
    status: 400,
    fr: 'Ce code a expiré. Demandez-en un nouveau.',
    en: 'This code has expired. Ask for a new one.',
  },
  /** The code already reset the password. */
  OTP_USED: {
    status: 409,
    fr: 'Ce code a déjà été utilisé. Demandez-en un nouveau.',
    en: 'This code was already used. Ask for a new one.',
  },
  /** `OTP_MAX_ATTEMPTS` wrong guesses: the code is dead, even the right one. */
  OTP_LOCKED: {
    status: 429,
    fr: 'Trop d’essais : ce code est bloqué. Demandez-en un nouveau.',
    en: 'Too many attempts: this code is locked. Ask for a new one.',
  },
  /** A code was sent less than a minute ago, or five this hour. */
  OTP_THROTTLED: {
    status: 429,
    fr: 'Un code vient d’être envoyé. Patientez avant d’en demander un autre.',
    en: 'A code was just sent. Wait before asking for another.',
  },
  /** `OTP_MAX_FAILED_PER_DAY` wrong codes today, across codes: no code is sent or accepted for the account until the next business day. */
  OTP_DAILY_LIMIT: {
    status: 429,
    fr: 'Trop de codes erronés aujourd’hui : la réinitialisation est bloquée jusqu’à demain.',
    en: 'Too many wrong codes today: password reset is blocked until tomorrow.',
  },
  /** Neither the messaging channel nor the push fallback could carry the code. */
  OTP_DELIVERY_FAILED: {
    status: 503,
    fr: 'Le code n’a pas pu être envoyé. Réessayez dans quelques minutes.',
    en: 'The code could not be sent. Try again in a few minutes.',
  },
  /** The caller's telephone is proven already: no code is sent. */
  TELEPHONE_ALREADY_VERIFIED: {
    status: 409,
    fr: 'Ce numéro de téléphone est déjà vérifié.',
    en: 'This telephone number is already verified.',
  },
  /** The messaging webhook handshake with a wrong mode or verify token. */
  WEBHOOK_VERIFICATION_FAILED: {
    status: 403,
    fr: 'Vérification du webhook refusée.',
    en: 'Webhook verification refused.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'account-security', typeof errors> {}
}
