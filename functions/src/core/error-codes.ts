/**
 * The one table from stable error codes to HTTP statuses. A code is a contract with the clients:
 * once published it keeps its meaning. Messages live in `i18n/`, one per code and language.
 * Each code's doc comment says when it is answered, and the `//` line before a run of codes names
 * their group: `npm run openapi` writes docs/error-codes.md from them (cli/write-error-codes.ts), and
 * test/platform/reference-pages.test.ts fails on a code without one.
 */
export const ERROR_STATUS = {
  // Request shape
  /** The body is not JSON (docs/platform-notes.md). */
  INVALID_JSON: 400,
  /** A field is missing, of the wrong type or unknown; `details` names them. */
  VALIDATION_ERROR: 400,
  /** The number is not valid for its country (Benin: 8 to 10 digits). */
  INVALID_TELEPHONE: 400,
  /** A country the service does not serve (`GET /api/geo/countries`). */
  UNSUPPORTED_COUNTRY: 400,
  /** No agent has this referral code. */
  REFERRAL_CODE_INVALID: 400,
  /** The page starts past `PAGINATION_MAX_OFFSET`; narrow the search. */
  PAGE_TOO_DEEP: 400,
  /** The body is over `JSON_BODY_LIMIT`. */
  PAYLOAD_TOO_LARGE: 413,
  /** No such route. */
  NOT_FOUND: 404,
  // Identity
  /** Token missing, malformed, expired, revoked or of another project. */
  UNAUTHENTICATED: 401,
  /** Valid token, but the account has not signed up (`POST /api/auth/register`). */
  PROFILE_REQUIRED: 403,
  /** The account is blocked (also answered to the tokens revoked by the block). */
  USER_BLOCKED: 403,
  /** The caller's role may not use this route. */
  FORBIDDEN_ROLE: 403,
  /** A buyer login asks for a pro role, or the reverse (also on role changes). */
  ROLE_APP_MISMATCH: 403,
  /** Admin levels and `agentCommercial` are not chosen at sign-up. */
  ROLE_NOT_SELF_ASSIGNABLE: 403,
  /** The token's email is not the synthetic email of this telephone. */
  EMAIL_TELEPHONE_MISMATCH: 403,
  /** Only a superAdmin grants, removes or moderates admin-level accounts. */
  ADMIN_ROLE_REQUIRES_SUPER_ADMIN: 403,
  /** An admin blocking or changing the role of its own account. */
  CANNOT_MODERATE_SELF: 403,
  /** No such user. */
  USER_NOT_FOUND: 404,
  /** This account already has a profile. */
  ALREADY_REGISTERED: 409,
  /** Another account of the same app holds this telephone. */
  TELEPHONE_TAKEN: 409,
  /** The referral code given at sign-up is the one of an agent with the same telephone: an agent cannot refer itself. */
  SELF_REFERRAL: 409,
  /** The caller's telephone is proven already: no code is sent. */
  TELEPHONE_ALREADY_VERIFIED: 409,
  // Account security
  /** The number has an account on each app: say which (`app`: `buyer` or `pro`). */
  APP_REQUIRED: 400,
  /** A new password of fewer than 8 characters. */
  PASSWORD_TOO_SHORT: 400,
  /** Wrong code (uses up an attempt), or no code was asked for. */
  OTP_INVALID: 400,
  /** The code is older than `OTP_TTL_MS`. */
  OTP_EXPIRED: 400,
  /** The code already reset the password. */
  OTP_USED: 409,
  /** `OTP_MAX_ATTEMPTS` wrong guesses: the code is dead, even the right one. */
  OTP_LOCKED: 429,
  /** A code was sent less than a minute ago, or five this hour. */
  OTP_THROTTLED: 429,
  /** `OTP_MAX_FAILED_PER_DAY` wrong codes today, across codes: no code is sent or accepted for the account until the next business day. */
  OTP_DAILY_LIMIT: 429,
  /** Neither the messaging channel nor the push fallback could carry the code. */
  OTP_DELIVERY_FAILED: 503,
  /**
   * Too many requests from this IP (`Retry-After` and `RateLimit-*` headers say when), too many of one
   * user's free actions (messages, rooms, contacts, driver requests, demonstration events, searches:
   * docs/api-conventions.md, Per-user limits; `Retry-After` too), or too many payments started by this account or to this
   * telephone (`PAYMENT_RATE_LIMIT_*`).
   */
  RATE_LIMITED: 429,
  /** Web registration without a valid captcha token (`X-Captcha-Token`). */
  CAPTCHA_FAILED: 403,
  /** A web request (`X-Client-Platform: web`) without `X-Web-Session-Id`. */
  WEB_SESSION_REQUIRED: 401,
  /** An unknown, ended or another user's session. */
  WEB_SESSION_INVALID: 401,
  /** The session was idle longer than `WEB_SESSION_IDLE_MINUTES`. */
  WEB_SESSION_EXPIRED: 401,
  /** Missing or invalid `X-Firebase-AppCheck` where attestation is enforced. */
  APP_CHECK_FAILED: 401,
  /** The messaging webhook handshake with a wrong mode or verify token. */
  WEBHOOK_VERIFICATION_FAILED: 403,
  /** A messaging callback without a valid `X-Hub-Signature-256`. */
  WEBHOOK_SIGNATURE_INVALID: 401,
  // Catalog
  /** The status table does not allow this action now (withdrawing a sold listing, activating an unpaid boost...). */
  INVALID_TRANSITION: 409,
  /** No such listing, or one the caller may not see. */
  ARTICLE_NOT_FOUND: 404,
  /** The listing or boost belongs to another user. */
  NOT_OWNER: 403,
  /** A stock on a listing that is not a part. */
  STOCK_ONLY_FOR_PARTS: 400,
  /** No such advertisement. */
  PUBLICITE_NOT_FOUND: 404,
  /** A boost of a listing that is not online. */
  ARTICLE_NOT_ONLINE: 409,
  /** A photo or video over its configured size. */
  FILE_TOO_LARGE: 413,
  /** A file whose bytes are not JPEG, PNG, WebP (photos) or MP4, WebM, QuickTime (videos). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** No such stored file. */
  FILE_NOT_FOUND: 404,
  /** A link to a private file whose signature does not match its path and expiry (altered, or not ours). */
  SIGNED_LINK_INVALID: 403,
  /** A link to a private file used after its expiry (`KYC_LINK_TTL_SECONDS`); ask for the file again. */
  SIGNED_LINK_EXPIRED: 403,
  // Payments
  /** A mobile money network outside DOMAIN.md's list. */
  UNSUPPORTED_NETWORK: 400,
  /** The amount sent is not the amount due, which the server computes. */
  AMOUNT_MISMATCH: 400,
  /** Payment links are turned off (`FEEXPAY_PAYMENT_LINK_DISABLED`). */
  PAYMENT_LINK_DISABLED: 400,
  /** No such payment, or not the caller's. */
  PAYMENT_NOT_FOUND: 404,
  // Domain events and dashboard statistics (admin)
  /** No run of a subscriber by that id. */
  EVENT_RUN_NOT_FOUND: 404,
  /** `GET /api/admin/stats`: `from` is after `to`. */
  STATS_RANGE_INVERTED: 400,
  /** `GET /api/admin/stats`: more than 92 days asked for. */
  STATS_RANGE_TOO_LONG: 400,
  /** `GET /api/admin/stats`: a day before 2020-01-01 or after today. */
  STATS_RANGE_OUT_OF_BOUNDS: 400,
  // Uploads
  /** The user stored `UPLOAD_DAILY_MAX_PER_USER` files today; try the next business day. */
  UPLOAD_QUOTA_EXCEEDED: 429,
  // Payments
  /** `flutter/record` of a reference FeexPay knows no transaction for; nothing is written. */
  PAYMENT_REFERENCE_UNKNOWN: 404,
  /** What is paid does not exist, is not the caller's, or no longer awaits payment. */
  PAYMENT_TARGET_INVALID: 409,
  /** An `Idempotency-Key` already used for a different request. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** FeexPay is down or answered 5xx; the payment is `failed`, nothing else changed. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  // Admin powers (DOMAIN.md): a success FeexPay does not vouch for, and who may force one
  /**
   * An admin setting a payment to `success` that FeexPay does not confirm: no reference, a reference it
   * does not know, or its verdict is pending or failed (`details[0].reason`); nothing is written.
   */
  PAYMENT_NOT_CONFIRMED: 409,
  /**
   * An admin setting a payment to `success` whose FeexPay transaction is not this payment
   * (`details[0].reason`: `amount_mismatch`, `shop_mismatch`, `currency_mismatch`, `mode_mismatch`,
   * `reference_mismatch`); nothing is written.
   */
  PAYMENT_PROVIDER_MISMATCH: 409,
  /** `force: true` on a payment's admin status from an admin level other than `principal` and `superAdmin`. */
  PAYMENT_FORCE_FORBIDDEN: 403,
  // Subscriptions and wallet
  /** A seller whose trial and subscription are over publishing a part. */
  SUBSCRIPTION_REQUIRED: 403,
  /** A withdrawal larger than the balance (a take-back larger than the balance becomes debt instead). */
  INSUFFICIENT_BALANCE: 409,
  // Purchases
  /** No such purchase of the caller. */
  ACHAT_NOT_FOUND: 404,
  /** A journey without a transit purchase of the listing by the caller that is awaiting payment or paid. */
  ACHAT_REQUIRED: 409,
  /** Choosing a forwarder before the purchase of the vehicle is paid. */
  ACHAT_NOT_PAID: 409,
  /** A seller buying its own listing, from any of its accounts (same telephone). */
  OWN_LISTING: 409,
  // Driver requests
  /** No such driver request, or not the caller's (its buyer, or the driver who accepted it). */
  DEMANDE_NOT_FOUND: 404,
  /** A driver request dated now or in the past. */
  DEMANDE_DATE_PAST: 400,
  /** A driver request dated more than 60 days ahead (it would hold its place in drivers' lists for months). */
  DEMANDE_DATE_TOO_FAR: 400,
  /** A driver accepting a request whose date has passed. */
  DEMANDE_EXPIRED: 409,
  /** A driver accepting a request another driver accepted first (the losers of a race). */
  DEMANDE_ALREADY_TAKEN: 409,
  /** A driver accepting a request it accepted then gave up. */
  DEMANDE_REFUSED_BEFORE: 409,
  // Chat
  /** No such chat room of the caller (a room it takes no part in answers the same); a seller naming a buyer who never wrote. */
  CHAT_ROOM_NOT_FOUND: 404,
  /** No such message of the caller in that room (another participant's message included). */
  CHAT_MESSAGE_NOT_FOUND: 404,
  /**
   * The transit journey, order or tricycle contact a room would be about does not exist, or (an order, a
   * tricycle contact) the caller is no side of it (a listing answers `ARTICLE_NOT_FOUND`, as its read
   * does).
   */
  CHAT_CONTEXT_NOT_FOUND: 404,
  /**
   * The caller is no side of that context: not a buyer of the listing's seller, not the journey's buyer
   * or assigned forwarder; a tricycle contact its driver never accepted.
   */
  CHAT_NOT_ALLOWED: 403,
  /** A message's file is not one the sender stored through the upload routes. */
  CHAT_FILE_NOT_OWNED: 403,
  /**
   * A message's `fichierUrl` (the older form of `fichier`) that is not exactly the URL our storage gave
   * for a file: another site, another scheme, a query or fragment around it.
   */
  CHAT_FILE_URL_INVALID: 400,
  // Orders and invoices
  /** No such order, or one the caller neither placed nor sells in. */
  ORDER_NOT_FOUND: 404,
  /** A paid order with delivery is cancelled or delivered through `/api/orders`: it ends through its delivery. */
  ORDER_DELIVERY_UNDER_WAY: 409,
  /** No such invoice, or one the caller is neither buyer nor seller of (admins read any, but mark none read). */
  INVOICE_NOT_FOUND: 404,
  /** An order item that is not a part (`piece`). */
  ARTICLE_NOT_PART: 409,
  /** An order item asking for more units than its listing's `stock`. */
  OUT_OF_STOCK: 409,
  /** An order with `livraison` but no `adresseLivraison`. */
  DELIVERY_ADDRESS_REQUIRED: 400,
  // Delivery zones and fees
  /** No such delivery zone; or no active zone holds the point of `POST /api/delivery-zones/lookup`. */
  DELIVERY_ZONE_NOT_FOUND: 404,
  /**
   * A zone outline with fewer than three distinct points, enclosing no area, or crossing itself
   * (`details[0].reason`: `too_few_points`, `too_many_points`, `no_area`, `self_intersecting`).
   */
  DELIVERY_ZONE_POLYGON_INVALID: 400,
  /** Creating a zone while `DELIVERY_ZONES_MAX` exist. */
  DELIVERY_ZONES_LIMIT: 409,
  /** A quote, an order or a purchase with delivery whose destination lies in no active zone. */
  DELIVERY_OUT_OF_ZONE: 400,
  /**
   * An order with delivery with a seller none of whose listings in it has a `localisation`; a purchase
   * with `livraison` of a listing without one.
   */
  DELIVERY_PICKUP_UNKNOWN: 400,
  // Tricycles
  /** A chauffeur that never published a tricycle status (its own `GET /api/tricycles/me`, or a buyer contacting it). */
  TRICYCLE_DRIVER_NOT_FOUND: 404,
  /** A chauffeur's first tricycle status without `vehicule` and `plaque`. */
  TRICYCLE_VEHICLE_REQUIRED: 400,
  /** Contacting a tricycle driver that is offline or whose last position is older than `TRICYCLE_POSITION_TTL_MINUTES`. */
  TRICYCLE_DRIVER_OFFLINE: 409,
  /** No such tricycle contact, or one the caller is neither buyer nor driver of. */
  TRICYCLE_CONTACT_NOT_FOUND: 404,
  /** Opening again, within `TRICYCLE_CONTACT_REOPEN_SECONDS`, a contact closed (or declined) a moment ago. */
  TRICYCLE_CONTACT_TOO_SOON: 429,
  // Deliveries
  /** No such delivery, or one the caller takes no part in (a courier accepting one it was never offered included). */
  DELIVERY_NOT_FOUND: 404,
  /** A courier accepting (or declining) a delivery another courier accepted first (the losers of a race). */
  DELIVERY_ALREADY_ASSIGNED: 409,
  /** A party of a delivery taking another party's step (the buyer confirming a pickup, the courier confirming the receipt...). */
  DELIVERY_ACTION_FORBIDDEN: 403,
  /** Accepting or declining an offer whose round is over, or that the courier declined already. */
  DELIVERY_OFFER_EXPIRED: 409,
  /** A courier's handover with a code that is not the buyer's; only the wrong try is counted (`codeAttempts`). */
  DELIVERY_CODE_INVALID: 409,
  /**
   * A courier's handover code after `DELIVERY_CODE_MAX_ATTEMPTS` wrong ones on that delivery: the buyer
   * confirms (or a photo proof, or admins).
   */
  DELIVERY_CODE_LOCKED: 429,
  /** A photo proof whose path is not a file the courier stored itself (upload ledger). */
  DELIVERY_PROOF_NOT_OWNED: 403,
  /** Disputing a delivery twice, or a photo proof on a delivery the buyer disputed. */
  DELIVERY_DISPUTED: 409,
  /** A courier accepting a delivery while it holds `DELIVERY_MAX_ACTIVE_PER_COURIER` (`assigne`, `en_cours`). */
  DELIVERY_COURIER_BUSY: 409,
  /** Confirming the pickup of a seller the delivery has none of. */
  PICKUP_NOT_FOUND: 404,
  /** A pickup confirmed a second time (by the courier or the seller). */
  PICKUP_ALREADY_CONFIRMED: 409,
  // Transit
  /** Choosing a forwarder before the destination country (rule 1). */
  PAYS_DESTINATION_REQUIRED: 400,
  /** A forwarder acting on a mission it is not assigned to (rule 3). */
  NOT_ASSIGNED_TRANSITAIRE: 403,
  /** The forwarder's verification file is under review. */
  TRANSITAIRE_VERIF_PENDING: 403,
  /** The forwarder has no approved verification (none or rejected). */
  TRANSITAIRE_NOT_VERIFIED: 403,
  /** The forwarder has no active subscription. */
  TRANSITAIRE_SUBSCRIPTION_REQUIRED: 403,
  /** No such journey of the caller. */
  MISSION_NOT_FOUND: 404,
  /** A new forwarder selection while one is active (`en_cours`, `transferer`) (rule 2). */
  TRANSITAIRE_ACTIF: 409,
  /** Any action on a journey whose purchase was cancelled (`annule`). */
  JOURNEY_BLOCKED: 409,
  /** Reviewing a forwarder without a closed (`traite`) mission with it. */
  REVIEW_NOT_ALLOWED: 403,
  /** No such review of the caller. */
  REVIEW_NOT_FOUND: 404,
  /** A second review of the same forwarder (edit the first). */
  ALREADY_REVIEWED: 409,
  /** A verification file naming an identity card that is not in the caller's own area (`kyc/{uid}/...`). */
  KYC_FILE_NOT_OWNED: 400,
  /** A verification file naming an identity card path where nothing was uploaded. */
  KYC_FILE_NOT_UPLOADED: 400,
  /** Approving a file without both identity cards stored as the forwarder's own. */
  KYC_CARDS_MISSING: 409,
  // Agents and referrals
  /** An agent of the other `typeAgent` on a `me-pro` (`Market_pro` only) or `me-market` (`Market` only) route. */
  AGENT_TYPE_FORBIDDEN: 403,
  /** No such referral, or one of another agent. */
  REFERRAL_NOT_FOUND: 404,
  /** An agent route's `{id}` that is no agent (or not a document id). */
  AGENT_NOT_FOUND: 404,
  /** `pro-monitor` of an agent whose `typeAgent` is not `Market_pro`. */
  AGENT_NOT_MARKET_PRO: 409,
  /**
   * A withdrawal for an agent that has sold fewer than `AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS`
   * subscriptions or `AGENT_WITHDRAWAL_MIN_CAMPAIGNS` campaigns in total.
   */
  AGENT_WITHDRAWAL_TARGETS_NOT_MET: 409,
  // Notifications
  /** No such notification of the caller. */
  NOTIFICATION_NOT_FOUND: 404,
  /** An admin broadcast could not be queued; it is stored `failed`, send it again. */
  TASK_QUEUE_UNAVAILABLE: 503,
  // Couriers (logistics/livreurs)
  /** An admin naming a courier (`/api/livreurs/{uid}`) that is no `livreur` account (or not a document id). */
  LIVREUR_NOT_FOUND: 404,
  /** A courier going online without a position, none of its positions being known yet. */
  LIVREUR_POSITION_REQUIRED: 409,
  // Stored documents (admin/documents)
  /** No such stored document in the register (admin documents), or an id that cannot be one. */
  DOCUMENT_NOT_FOUND: 404,
  /** A stored document a superAdmin deleted: its download link, a signed link handed out before, an invoice's PDF. */
  DOCUMENT_DELETED: 410,
  // Verification of listings (catalog/verification)
  /** No such verification request, or one the caller is neither the buyer, the seller nor an admin of. */
  VERIFICATION_NOT_FOUND: 404,
  /** The seller or an admin accepting or refusing a report: only the buyer who paid decides. */
  VERIFICATION_BUYER_ONLY: 403,
  /** An admin's `PATCH .../statut` of a listing with no request waiting for its inspection. */
  VERIFICATION_NONE_OPEN: 409,
  /** `rapport_disponible` naming a `rapportId` not uploaded for that listing. */
  VERIFICATION_REPORT_NOT_UPLOADED: 400,
  /** A link to a report not attached yet. */
  VERIFICATION_REPORT_MISSING: 409,
  /** A link to a report a superAdmin deleted. */
  VERIFICATION_REPORT_DELETED: 410,
  /** `transferer` while the buyer's verification of the listing is not `accepte` (pending, reported or refused). */
  VERIFICATION_NOT_ACCEPTED: 409,
  /** The buyer refuses an inspection report more than `VERIFICATION_DECISION_DAYS` after it was available: it closes as accepted. */
  VERIFICATION_DECISION_CLOSED: 409,
  /** The buyer refuses an inspection report of a vehicle already delivered to it or transferred to its forwarder. */
  VERIFICATION_VEHICLE_HANDED_OVER: 409,
  // Anything we did not foresee
  /** Anything unexpected; the message is masked and the error logged with the request id. */
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
