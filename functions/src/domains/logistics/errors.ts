/**
 * The error codes of the logistics domain (delivery zones, tricycles, deliveries and couriers):
 * each with its HTTP status, its messages and, in its doc comment, when it is answered
 * (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated from them).
 * The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Delivery zones and fees (logistics/zones)
  /** No such delivery zone; or no active zone holds the point of `POST /api/delivery-zones/lookup`. */
  DELIVERY_ZONE_NOT_FOUND: {
    status: 404,
    fr: 'Aucune zone de livraison ici.',
    en: 'No delivery zone here.',
  },
  /**
   * A zone outline with fewer than three distinct points, enclosing no area, or crossing itself
   * (`details[0].reason`: `too_few_points`, `too_many_points`, `no_area`, `self_intersecting`).
   */
  DELIVERY_ZONE_POLYGON_INVALID: {
    status: 400,
    fr: 'Le contour de la zone doit avoir au moins trois points distincts, sans se croiser.',
    en: 'A zone’s outline needs at least three distinct points and must not cross itself.',
  },
  /** Creating a zone while `DELIVERY_ZONES_MAX` exist. */
  DELIVERY_ZONES_LIMIT: {
    status: 409,
    fr: 'Le nombre maximal de zones de livraison est atteint : supprimez-en une d’abord.',
    en: 'The maximum number of delivery zones is reached: delete one first.',
  },
  /** A quote, an order or a purchase with delivery whose destination lies in no active zone. */
  DELIVERY_OUT_OF_ZONE: {
    status: 400,
    fr: 'Cette adresse est hors de nos zones de livraison.',
    en: 'This address is outside our delivery zones.',
  },
  // Tricycles (logistics/tricycles)
  /** A chauffeur that never published a tricycle status (its own `GET /api/tricycles/me`, or a buyer contacting it). */
  TRICYCLE_DRIVER_NOT_FOUND: {
    status: 404,
    fr: 'Ce conducteur de tricycle est introuvable.',
    en: 'This tricycle driver was not found.',
  },
  /** A chauffeur's first tricycle status without `vehicule` and `plaque`. */
  TRICYCLE_VEHICLE_REQUIRED: {
    status: 400,
    fr: 'Indiquez la description et la plaque de votre tricycle la première fois que vous vous mettez en ligne.',
    en: 'Give your tricycle’s description and plate number the first time you go online.',
  },
  /** Contacting a tricycle driver that is offline or whose last position is older than `TRICYCLE_POSITION_TTL_MINUTES`. */
  TRICYCLE_DRIVER_OFFLINE: {
    status: 409,
    fr: 'Ce conducteur de tricycle n’est pas disponible pour le moment.',
    en: 'This tricycle driver is not available right now.',
  },
  /** No such tricycle contact, or one the caller is neither buyer nor driver of. */
  TRICYCLE_CONTACT_NOT_FOUND: {
    status: 404,
    fr: 'Ce contact de tricycle est introuvable.',
    en: 'This tricycle contact was not found.',
  },
  /** Opening again, within `TRICYCLE_CONTACT_REOPEN_SECONDS`, a contact closed (or declined) a moment ago. */
  TRICYCLE_CONTACT_TOO_SOON: {
    status: 429,
    fr: 'Ce contact vient d’être clos : patientez un instant avant de recontacter ce chauffeur.',
    en: 'This contact was just closed: wait a moment before contacting this driver again.',
  },
  // Deliveries (logistics/deliveries)
  /** No such delivery, or one the caller takes no part in (a courier accepting one it was never offered included). */
  DELIVERY_NOT_FOUND: {
    status: 404,
    fr: 'Livraison introuvable.',
    en: 'Delivery not found.',
  },
  /** A courier accepting (or declining) a delivery another courier accepted first (the losers of a race). */
  DELIVERY_ALREADY_ASSIGNED: {
    status: 409,
    fr: 'Un autre livreur a déjà accepté cette livraison.',
    en: 'Another courier has already accepted this delivery.',
  },
  /** A party of a delivery taking another party's step (the buyer confirming a pickup, the courier confirming the receipt...). */
  DELIVERY_ACTION_FORBIDDEN: {
    status: 403,
    fr: 'Cette étape revient à une autre partie de la livraison.',
    en: 'Another party of this delivery takes this step.',
  },
  /** Accepting or declining an offer whose round is over, or that the courier declined already. */
  DELIVERY_OFFER_EXPIRED: {
    status: 409,
    fr: 'Cette offre a expiré.',
    en: 'This offer has expired.',
  },
  /** A courier's handover with a code that is not the buyer's; only the wrong try is counted (`codeAttempts`). */
  DELIVERY_CODE_INVALID: {
    status: 409,
    fr: 'Ce n’est pas le code de livraison de l’acheteur.',
    en: 'This is not the buyer’s delivery code.',
  },
  /**
   * A courier's handover code after `DELIVERY_CODE_MAX_ATTEMPTS` wrong ones on that delivery: the buyer
   * confirms (or a photo proof, or admins).
   */
  DELIVERY_CODE_LOCKED: {
    status: 429,
    fr: 'Trop de codes erronés : l’acheteur doit confirmer la livraison.',
    en: 'Too many wrong codes: the buyer must confirm the delivery.',
  },
  /** A photo proof whose path is not one the courier uploaded for this delivery (POST .../proof; upload ledger). */
  DELIVERY_PROOF_NOT_OWNED: {
    status: 403,
    fr: 'Envoyez une photo que vous avez téléversée pour cette livraison.',
    en: 'Send a photo you uploaded for this delivery.',
  },
  /** Disputing a delivery twice, or a photo proof on a delivery the buyer disputed. */
  DELIVERY_DISPUTED: {
    status: 409,
    fr: 'L’acheteur a signalé cette livraison comme non reçue : notre équipe s’en occupe.',
    en: 'The buyer reported this delivery as not received: our team is looking into it.',
  },
  /** A courier accepting a delivery while it holds `DELIVERY_MAX_ACTIVE_PER_COURIER` (`assigne`, `en_cours`). */
  DELIVERY_COURIER_BUSY: {
    status: 409,
    fr: 'Terminez vos livraisons en cours avant d’en accepter une autre.',
    en: 'Finish your current deliveries before accepting another.',
  },
  /** Confirming the pickup of a seller the delivery has none of. */
  PICKUP_NOT_FOUND: {
    status: 404,
    fr: 'Ce vendeur n’a pas d’enlèvement dans cette livraison.',
    en: 'This seller has no pickup in this delivery.',
  },
  /** A pickup confirmed a second time (by the courier or the seller). */
  PICKUP_ALREADY_CONFIRMED: {
    status: 409,
    fr: 'Cet enlèvement est déjà confirmé.',
    en: 'This pickup is already confirmed.',
  },
  /** The courier confirming a pickup without the seller's pickup code: a courier never confirms a pickup alone (DOMAIN.md, "Fair exchange"). */
  PICKUP_CODE_REQUIRED: {
    status: 400,
    fr: 'Saisissez le code d’enlèvement que le vendeur vous donne avec la marchandise, ou laissez le vendeur confirmer.',
    en: 'Enter the pickup code the seller gives you with the goods, or let the seller confirm.',
  },
  /** A pickup code that is not the seller's (counted on the pickup). */
  PICKUP_CODE_INVALID: {
    status: 409,
    fr: 'Ce n’est pas le code d’enlèvement du vendeur.',
    en: 'This is not the seller’s pickup code.',
  },
  /** Pickup code entry locked after DELIVERY_CODE_MAX_ATTEMPTS wrong codes (or a pickup without a code): the seller confirms. */
  PICKUP_CODE_LOCKED: {
    status: 429,
    fr: 'Saisie du code d’enlèvement impossible : le vendeur doit confirmer l’enlèvement.',
    en: 'The pickup code cannot be entered: the seller must confirm the pickup.',
  },
  /** The buyer refusing the goods after the courier's proof of handover (its photo): a disagreement is a dispute now. */
  DELIVERY_PROOF_GIVEN: {
    status: 409,
    fr: 'Le livreur a fourni sa preuve de remise : en cas de désaccord, ouvrez un litige.',
    en: 'The courier gave its proof of handover: if you disagree, open a dispute.',
  },
  // Couriers (logistics/livreurs)
  /** An admin naming a courier (`/api/livreurs/{uid}`) that is no `livreur` account (or not a document id). */
  LIVREUR_NOT_FOUND: {
    status: 404,
    fr: 'Livreur introuvable.',
    en: 'Courier not found.',
  },
  /** A courier going online without a position, none of its positions being known yet. */
  LIVREUR_POSITION_REQUIRED: {
    status: 409,
    fr: 'Partagez votre position pour passer en ligne : aucune position connue pour le moment.',
    en: 'Share your position to go online: no position of yours is known yet.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'logistics', typeof errors> {}
}
