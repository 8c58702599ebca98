/**
 * The error codes of the transit domain (transit journeys, forwarders, their reviews and their
 * verification): each with its HTTP status, its messages and, in its doc comment, when it is
 * answered (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated
 * from them). The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Journeys
  /** A journey without a transit purchase of the listing by the caller that is awaiting payment or paid. */
  ACHAT_REQUIRED: {
    status: 409,
    fr: 'Achetez ce véhicule en transit avant de démarrer son parcours.',
    en: 'Buy this vehicle for transit before starting its journey.',
  },
  /** Choosing a forwarder before the purchase of the vehicle is paid. */
  ACHAT_NOT_PAID: {
    status: 409,
    fr: 'Payez l’achat de ce véhicule avant de choisir un transitaire.',
    en: 'Pay for the purchase of this vehicle before choosing a forwarder.',
  },
  /** Choosing a forwarder before the destination country (rule 1). */
  PAYS_DESTINATION_REQUIRED: {
    status: 400,
    fr: 'Indiquez le pays de destination avant de choisir un transitaire.',
    en: 'Set the destination country before choosing a forwarder.',
  },
  /** A forwarder acting on a mission it is not assigned to (rule 3). */
  NOT_ASSIGNED_TRANSITAIRE: {
    status: 403,
    fr: 'Seul le transitaire assigné à cette mission peut faire cela.',
    en: 'Only the forwarder assigned to this mission can do this.',
  },
  /** The forwarder's file is under review. */
  TRANSITAIRE_VERIF_PENDING: {
    status: 403,
    fr: 'Le compte de ce transitaire est en cours de vérification.',
    en: 'This forwarder\'s account is being verified.',
  },
  /** The forwarder has no approved verification (none or rejected). */
  TRANSITAIRE_NOT_VERIFIED: {
    status: 403,
    fr: 'Ce transitaire n’est pas vérifié.',
    en: 'This forwarder is not verified.',
  },
  /** The forwarder has no active subscription. */
  TRANSITAIRE_SUBSCRIPTION_REQUIRED: {
    status: 403,
    fr: 'Ce transitaire n’a pas d’abonnement actif.',
    en: 'This forwarder has no active subscription.',
  },
  /** No such journey of the caller. */
  MISSION_NOT_FOUND: {
    status: 404,
    fr: 'Parcours introuvable.',
    en: 'Journey not found.',
  },
  /** A new forwarder selection while one is active (`en_cours`, `transferer`) (rule 2). */
  TRANSITAIRE_ACTIF: {
    status: 409,
    fr: 'Un transitaire est déjà actif sur cette mission.',
    en: 'A forwarder is already active on this mission.',
  },
  /** Any action on a journey whose purchase was cancelled (`annule`). */
  JOURNEY_BLOCKED: {
    status: 409,
    fr: 'Ce parcours est bloqué : l’achat a été annulé.',
    en: 'This journey is blocked: the purchase was cancelled.',
  },
  /** `transferer` while the buyer's verification of the listing is not `accepte` (pending, reported or refused). */
  VERIFICATION_NOT_ACCEPTED: {
    status: 409,
    fr: 'Acceptez le rapport d’inspection de ce véhicule avant de le remettre.',
    en: 'Accept the inspection report of this vehicle before handing it over.',
  },
  // Reviews of forwarders (transit/reviews)
  /** Reviewing a forwarder without a closed (`traite`) mission with it. */
  REVIEW_NOT_ALLOWED: {
    status: 403,
    fr: 'Seul un acheteur dont la mission avec ce transitaire est traitée peut le noter.',
    en: 'Only a buyer whose mission with this forwarder is closed can review it.',
  },
  /** No such review of the caller. */
  REVIEW_NOT_FOUND: {
    status: 404,
    fr: 'Avis introuvable.',
    en: 'Review not found.',
  },
  /** A second review of the same forwarder (edit the first). */
  ALREADY_REVIEWED: {
    status: 409,
    fr: 'Vous avez déjà noté ce transitaire : modifiez votre avis.',
    en: 'You already reviewed this forwarder: edit your review.',
  },
  // The forwarder file: the identity an admin approves (transit/forwarder-file)
  /** Approving a file without both identity cards stored as the forwarder's own. */
  KYC_CARDS_MISSING: {
    status: 409,
    fr: 'Ce dossier n’a pas les deux faces de la pièce d’identité enregistrées.',
    en: 'This file does not have both sides of the identity card stored.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'transit', typeof errors> {}
}
