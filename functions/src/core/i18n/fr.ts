import type { ErrorCode } from '../error-codes';

/** French, the default language of the service. */
export const fr: Record<ErrorCode, string> = {
  INVALID_JSON: 'Le corps de la requête n’est pas un JSON valide.',
  VALIDATION_ERROR: 'Certains champs sont invalides.',
  INVALID_TELEPHONE: 'Ce numéro de téléphone n’est pas valide pour ce pays.',
  UNSUPPORTED_COUNTRY: 'Ce pays n’est pas pris en charge.',
  REFERRAL_CODE_INVALID: 'Ce code de parrainage n’existe pas.',
  PAGE_TOO_DEEP: 'Cette page est trop loin dans la liste : affinez la recherche avec des filtres.',
  PAYLOAD_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  NOT_FOUND: 'Cette ressource n’existe pas.',
  UNAUTHENTICATED: 'Authentification requise : jeton absent, invalide, expiré ou révoqué.',
  PROFILE_REQUIRED: 'Terminez votre inscription avant d’utiliser ce service.',
  USER_BLOCKED: 'Votre compte est bloqué. Contactez le support.',
  FORBIDDEN_ROLE: 'Votre rôle ne permet pas cette action.',
  ROLE_APP_MISMATCH: 'Ce rôle n’appartient pas à cette application.',
  ROLE_NOT_SELF_ASSIGNABLE: 'Ce rôle ne peut pas être choisi à l’inscription.',
  EMAIL_TELEPHONE_MISMATCH: 'Le compte de connexion ne correspond pas à ce numéro de téléphone.',
  ADMIN_ROLE_REQUIRES_SUPER_ADMIN: 'Seul un super administrateur peut attribuer ou retirer un rôle d’administration.',
  CANNOT_MODERATE_SELF: 'Vous ne pouvez pas modifier votre propre compte de cette façon.',
  USER_NOT_FOUND: 'Utilisateur introuvable.',
  ALREADY_REGISTERED: 'Ce compte est déjà inscrit.',
  TELEPHONE_TAKEN: 'Ce numéro de téléphone est déjà utilisé par un autre compte.',
  INTERNAL: 'Une erreur inattendue est survenue. Réessayez plus tard.',
};
