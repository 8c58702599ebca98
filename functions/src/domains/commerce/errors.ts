/**
 * The error codes of the commerce domain (purchases, driver requests, orders and invoices): each
 * with its HTTP status, its messages and, in its doc comment, when it is answered
 * (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated from them).
 * The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Purchases (commerce/achats)
  /** No such purchase of the caller. */
  ACHAT_NOT_FOUND: {
    status: 404,
    fr: 'Achat introuvable.',
    en: 'Purchase not found.',
  },
  /** A seller buying its own listing, from any of its accounts (same telephone). */
  OWN_LISTING: {
    status: 409,
    fr: 'Vous ne pouvez pas acheter votre propre annonce.',
    en: 'You cannot buy your own listing.',
  },
  // Driver requests (commerce/chauffeurs)
  /** No such driver request, or not the caller's (its buyer, or the driver who accepted it). */
  DEMANDE_NOT_FOUND: {
    status: 404,
    fr: 'Demande de chauffeur introuvable.',
    en: 'Driver request not found.',
  },
  /** A driver request dated now or in the past. */
  DEMANDE_DATE_PAST: {
    status: 400,
    fr: 'La date d’une demande de chauffeur doit être à venir.',
    en: 'The date of a driver request must be in the future.',
  },
  /** A driver request dated more than 60 days ahead (it would hold its place in drivers' lists for months). */
  DEMANDE_DATE_TOO_FAR: {
    status: 400,
    fr: 'Une demande de chauffeur peut être datée au plus 60 jours à l’avance.',
    en: 'A driver request may be dated at most 60 days ahead.',
  },
  /** A driver accepting a request whose date has passed. */
  DEMANDE_EXPIRED: {
    status: 409,
    fr: 'La date de cette demande de chauffeur est passée.',
    en: 'The date of this driver request has passed.',
  },
  /** A driver accepting a request another driver accepted first (the losers of a race). */
  DEMANDE_ALREADY_TAKEN: {
    status: 409,
    fr: 'Un autre chauffeur a déjà accepté cette demande.',
    en: 'Another driver has already accepted this request.',
  },
  /** A driver accepting a request it accepted then gave up. */
  DEMANDE_REFUSED_BEFORE: {
    status: 409,
    fr: 'Vous avez renoncé à cette demande : elle ne vous est plus proposée.',
    en: 'You gave this request up: it is not offered to you again.',
  },
  // Orders and invoices (commerce/orders, commerce/invoices)
  /** No such order, or one the caller neither placed nor sells in. */
  ORDER_NOT_FOUND: {
    status: 404,
    fr: 'Commande introuvable.',
    en: 'Order not found.',
  },
  /** A paid order with delivery is cancelled or delivered through `/api/orders`: it ends through its delivery. */
  ORDER_DELIVERY_UNDER_WAY: {
    status: 409,
    fr: 'Cette commande est livrée par un livreur : annulez la livraison (avant qu’un livreur l’accepte) ou attendez sa fin.',
    en: 'A courier delivers this order: cancel the delivery (before a courier accepts it) or wait for it to end.',
  },
  /** No such invoice, or one the caller is neither buyer nor seller of (admins read any, but mark none read). */
  INVOICE_NOT_FOUND: {
    status: 404,
    fr: 'Facture introuvable.',
    en: 'Invoice not found.',
  },
  /** An order item that is not a part (`piece`). */
  ARTICLE_NOT_PART: {
    status: 409,
    fr: 'Seules les pièces en ligne peuvent être commandées.',
    en: 'Only online parts can be ordered.',
  },
  /** An order item asking for more units than its listing's `stock`. */
  OUT_OF_STOCK: {
    status: 409,
    fr: 'Stock insuffisant.',
    en: 'Not enough units in stock.',
  },
  /** An order with `livraison` but no `adresseLivraison`. */
  DELIVERY_ADDRESS_REQUIRED: {
    status: 400,
    fr: 'Une livraison demande une adresse.',
    en: 'A delivery needs an address.',
  },
  /**
   * An order with delivery with a seller none of whose listings in it has a `localisation`; a purchase
   * with `livraison` of a listing without one.
   */
  DELIVERY_PICKUP_UNKNOWN: {
    status: 400,
    fr: 'Un vendeur n’a pas indiqué où retirer son article : la livraison est impossible.',
    en: 'A seller did not say where to collect its item: it cannot be delivered.',
  },
  // Handovers in person (commerce/handover; DOMAIN.md, "Fair exchange")
  /** `POST /api/achat` of a part listing: parts are bought through orders (`POST /api/orders`), which count units. */
  ACHAT_ARTICLE_IS_PART: {
    status: 400,
    fr: 'Une pièce se commande (POST /api/orders), elle ne s’achète pas comme un véhicule.',
    en: 'A part is ordered (POST /api/orders), not bought as a vehicle.',
  },
  /** A handover code entered for a sale a courier carries (its delivery has the buyer's code), or one paid before handover codes. */
  HANDOVER_CODE_UNAVAILABLE: {
    status: 409,
    fr: 'Cette vente n’a pas de code de remise : elle est remise par sa livraison ou par l’acheteur.',
    en: 'This sale has no handover code: it is handed over by its delivery or by the buyer.',
  },
  /** A handover code that is not the buyer's (counted: HANDOVER_CODE_MAX_ATTEMPTS wrong ones lock code entry). */
  HANDOVER_CODE_INVALID: {
    status: 409,
    fr: 'Ce n’est pas le code de remise de l’acheteur.',
    en: 'This is not the buyer’s handover code.',
  },
  /** Code entry locked after HANDOVER_CODE_MAX_ATTEMPTS wrong codes: the buyer confirms it received the goods, or an admin decides. */
  HANDOVER_CODE_LOCKED: {
    status: 429,
    fr: 'Trop de codes erronés : l’acheteur doit confirmer la remise.',
    en: 'Too many wrong codes: the buyer must confirm the handover.',
  },
  /** The caller's part of the sale was handed over already. */
  HANDOVER_ALREADY_CONFIRMED: {
    status: 409,
    fr: 'Cette remise est déjà confirmée.',
    en: 'This handover is already confirmed.',
  },
  /** A cancellation of a sale whose goods (or some of them) reached the buyer: a disagreement is a dispute now. */
  SALE_HANDED_OVER: {
    status: 409,
    fr: 'La marchandise a été remise à l’acheteur : un désaccord passe par un litige.',
    en: 'The goods were handed over to the buyer: a disagreement goes through a dispute.',
  },
  // Disputes (commerce/disputes; DOMAIN.md, "Disputes")
  /** No such dispute, or not one the caller is a party of (admins read any). */
  DISPUTE_NOT_FOUND: {
    status: 404,
    fr: 'Litige introuvable.',
    en: 'Dispute not found.',
  },
  /** A dispute of a sale with no proof of handover yet: before it, the buyer cancels or refuses the goods at the door. */
  DISPUTE_NO_HANDOVER: {
    status: 409,
    fr: 'Rien n’a encore été remis : annulez la vente ou refusez la marchandise à la livraison.',
    en: 'Nothing was handed over yet: cancel the sale or refuse the goods at the door.',
  },
  /** A dispute opened past DELIVERY_DISPUTE_WINDOW_HOURS after the proof of handover. */
  DISPUTE_WINDOW_CLOSED: {
    status: 409,
    fr: 'Le délai pour ouvrir un litige sur cette vente est passé.',
    en: 'The time to open a dispute about this sale is over.',
  },
  /** A second dispute of one sale (once per sale, withdrawn or decided included). */
  DISPUTE_ALREADY_OPENED: {
    status: 409,
    fr: 'Un litige a déjà été ouvert pour cette vente.',
    en: 'A dispute was already opened for this sale.',
  },
  /** The seller answering twice, past DISPUTE_ANSWER_DAYS, or once the dispute was decided or withdrawn. */
  DISPUTE_ANSWER_CLOSED: {
    status: 409,
    fr: 'La réponse à ce litige n’est plus possible.',
    en: 'This dispute can no longer be answered.',
  },
  /** A refund larger than the goods' price (the trip's fee stays with the trip). */
  DISPUTE_AMOUNT_TOO_HIGH: {
    status: 400,
    fr: 'Le remboursement dépasse le prix de la marchandise.',
    en: 'The refund exceeds the price of the goods.',
  },
  /** A decision by an admin who did not take the dispute, or of an escalated one or one above DISPUTE_ADMIN_MAX_XOF by a role below `principal`. */
  DISPUTE_DECISION_FORBIDDEN: {
    status: 403,
    fr: 'Cette décision revient à l’administrateur qui a pris le litige, ou à un principal.',
    en: 'This decision belongs to the admin who took the dispute, or to a principal.',
  },
  /** A decision whose money went back already (the sale cancelled meanwhile, its delivery failed). */
  DISPUTE_SALE_REFUNDED: {
    status: 409,
    fr: 'L’argent de cette vente a déjà été rendu à l’acheteur.',
    en: 'The money of this sale was already given back to the buyer.',
  },
  /** More evidence photos than DISPUTE_EVIDENCE_MAX for one side. */
  DISPUTE_EVIDENCE_LIMIT: {
    status: 409,
    fr: 'Nombre maximal de photos atteint pour ce litige.',
    en: 'The most photos for this dispute were given already.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'commerce', typeof errors> {}
}
