/**
 * The error codes of the identity domain (sign-up, profiles and the moderation of accounts): each
 * with its HTTP status, its messages and, in its doc comment, when it is answered
 * (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated from them).
 * The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** No agent has this referral code. */
  REFERRAL_CODE_INVALID: {
    status: 400,
    fr: 'Ce code de parrainage n’existe pas.',
    en: 'This referral code does not exist.',
  },
  /** A buyer login asks for a pro role, or the reverse (also on role changes). */
  ROLE_APP_MISMATCH: {
    status: 403,
    fr: 'Ce rôle n’appartient pas à cette application.',
    en: 'This role does not belong to this app.',
  },
  /** Admin levels and `agentCommercial` are not chosen at sign-up. */
  ROLE_NOT_SELF_ASSIGNABLE: {
    status: 403,
    fr: 'Ce rôle ne peut pas être choisi à l’inscription.',
    en: 'This role cannot be chosen at sign-up.',
  },
  /** The token's email is not the synthetic email of this telephone. */
  EMAIL_TELEPHONE_MISMATCH: {
    status: 403,
    fr: 'Le compte de connexion ne correspond pas à ce numéro de téléphone.',
    en: 'The login account does not match this telephone number.',
  },
  /** Only a superAdmin grants, removes or moderates admin-level accounts. */
  ADMIN_ROLE_REQUIRES_SUPER_ADMIN: {
    status: 403,
    fr: 'Seul un super administrateur peut attribuer ou retirer un rôle d’administration.',
    en: 'Only a super admin can grant or remove an admin role.',
  },
  /** An admin blocking or changing the role of its own account. */
  CANNOT_MODERATE_SELF: {
    status: 403,
    fr: 'Vous ne pouvez pas modifier votre propre compte de cette façon.',
    en: 'You cannot change your own account this way.',
  },
  /** No such user. */
  USER_NOT_FOUND: {
    status: 404,
    fr: 'Utilisateur introuvable.',
    en: 'User not found.',
  },
  /** This account already has a profile. */
  ALREADY_REGISTERED: {
    status: 409,
    fr: 'Ce compte est déjà inscrit.',
    en: 'This account is already registered.',
  },
  /** Another account of the same app holds this telephone. */
  TELEPHONE_TAKEN: {
    status: 409,
    fr: 'Ce numéro de téléphone est déjà utilisé par un autre compte.',
    en: 'This telephone number is already used by another account.',
  },
  /** The referral code given at sign-up is the one of an agent with the same telephone: an agent cannot refer itself. */
  SELF_REFERRAL: {
    status: 409,
    fr: 'Vous ne pouvez pas vous inscrire avec votre propre code de parrainage.',
    en: 'You cannot sign up with your own referral code.',
  },
  /**
   * A driver accepting a request (`POST /api/chauffeurs/demandes/{id}/accept`) or a courier going
   * online (`PUT /api/livreurs/me/status`) before its account proved its telephone (DOMAIN.md,
   * "Proven people"): the app's cue to run the proof (`POST /api/auth/phone/request`, then `verify`).
   */
  PHONE_NOT_VERIFIED: {
    status: 403,
    fr: 'Confirmez d’abord votre numéro de téléphone avec le code que nous vous envoyons.',
    en: 'Confirm your telephone number first, with the code we send you.',
  },
  /** Web registration without a valid captcha token (`X-Captcha-Token`). */
  CAPTCHA_FAILED: {
    status: 403,
    fr: 'La vérification anti-robot a échoué. Réessayez.',
    en: 'The anti-robot check failed. Try again.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'identity', typeof errors> {}
}
