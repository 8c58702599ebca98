/**
 * Every setting of the service, typed, with its default.
 *
 * Values come from the environment: Firebase loads `functions/.env`, `.env.<project>` and, in the
 * emulator, `.env.local` into it (the params mechanism of Cloud Functions). Secrets are declared
 * with `defineSecret` by the adapter that needs them and never appear here.
 * The spec's setting names are kept as they are.
 *
 * Each setting is read by a small function of its kind below rather than a zod schema: the first
 * request of every instance reads them all, and building a schema of some eighty fields was the
 * largest piece of our own code in a cold start (docs/measurements.md). The rules are the ones zod
 * applied: numbers as `Number()` reads them, URLs as `new URL()` parses them.
 *
 * Each setting's doc comment is its meaning, and the `//` line before a run of settings names their
 * group: `npm run openapi` writes docs/settings.md from them (cli/write-settings.ts), and
 * test/platform/reference-pages.test.ts fails on a setting without one.
 */
import { isIP } from 'node:net';

const INVALID = Symbol('invalid setting');

/** How one environment variable is read. */
interface Setting<T> {
  /** The value when the variable is unset (its default on docs/settings.md). */
  readonly fallback: T;
  /** The value of a set variable, or INVALID. */
  read(raw: string): T | typeof INVALID;
}

function setting<T>(fallback: T, read: (raw: string) => T | typeof INVALID): Setting<T> {
  return { fallback, read };
}

/** `true`/`1` or `false`/`0`. */
const flag = (fallback: boolean) => setting(fallback, (raw) => (raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : INVALID));

/** A whole number from `min` to `max`. */
const integer = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  setting(fallback, (raw) => {
    const value = Number(raw);
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : INVALID;
  });

/** A number from `min` to `max`. */
const decimal = (fallback: number, min: number, max: number) =>
  setting(fallback, (raw) => {
    const value = Number(raw);
    return Number.isFinite(value) && value >= min && value <= max ? value : INVALID;
  });

/** Text of at least `min` characters, matching `pattern` when given. */
const text = (fallback: string, { min = 0, pattern }: { min?: number; pattern?: RegExp } = {}) =>
  setting(fallback, (raw) => (raw.length >= min && (!pattern || pattern.test(raw)) ? raw : INVALID));

/** One of `values`; `fallback` undefined when the setting has no default. */
const oneOf = <const V extends string, F extends V | undefined>(values: readonly V[], fallback: F) =>
  setting<V | F>(fallback, (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : INVALID));

/** An absolute URL (surrounding spaces, tabs and line breaks dropped), or '' when `orEmpty`. */
const url = (fallback: string, { orEmpty = false } = {}) =>
  setting(fallback, (raw) => {
    if (orEmpty && raw === '') return '';
    const trimmed = raw.trim();
    return URL.canParse(trimmed) ? trimmed.replace(/[\t\n\r]/g, '') : INVALID;
  });

/** Comma-separated CIDR ranges (`a.b.c.d/n`, `x::/n`), possibly none. */
const cidrList = () => setting('', (raw) => (raw.split(',').map((range) => range.trim()).filter(Boolean).every(isCidr) ? raw : INVALID));

const DEBUG_TOKEN = /^[A-Za-z0-9._-]{16,200}$/;
/** A Firebase app id: `1:<project number>:<android|ios|web>:<hash>`. */
const APP_ID = /^\d+:\d+:(android|ios|web):[0-9A-Za-z]+$/;

/**
 * The `token=appId` pairs of APP_CHECK_DEBUG_TOKENS (comma-separated; tokens of 16 to 200 letters,
 * digits, `.`, `_` or `-`), or undefined when one is not such a pair.
 */
export function debugTokenPairs(raw: string): Array<[token: string, appId: string]> | undefined {
  const pairs = raw
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair): [string, string] => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
  return pairs.every(([token, appId]) => DEBUG_TOKEN.test(token) && APP_ID.test(appId)) ? pairs : undefined;
}

/** Cloud Functions (and its emulator) name the running function; scripts and tests do not. */
const runsAsFunction = () => Boolean(process.env.K_SERVICE || process.env.FUNCTION_TARGET);

/** The local storage driver's published development key: never valid outside the emulator. */
const DEVELOPMENT_SIGNING_KEY = 'local-development-signing-key';

/** A function that is not the Functions emulator's: deployed (the emulator sets FUNCTIONS_EMULATOR). */
export const runsDeployed = () => runsAsFunction() && process.env.FUNCTIONS_EMULATOR !== 'true';

/** `a.b.c.d/n` or `x::/n`. */
function isCidr(range: string): boolean {
  const [network = '', prefix = '', ...rest] = range.split('/');
  const family = isIP(network);
  return rest.length === 0 && family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const SETTINGS = {
  // General.
  /** Name reported by the health check. */
  SERVICE_NAME: text('vehicle-marketplace', { min: 1 }),
  /** The deployed build's version, reported by the health check (the contract's own is src/api-version.ts). */
  SERVICE_VERSION: text('0.1.0', { min: 1 }),
  /** Largest JSON body, in the `bytes` notation of body-parser (`b`, `kb`, `mb`: "1mb", "200kb"); larger bodies get 413. */
  JSON_BODY_LIMIT: text('1mb', { pattern: /^\d+(b|kb|mb)$/i }),
  /** Domain of the synthetic login emails. */
  AUTH_SYNTHETIC_EMAIL_DOMAIN: text('users.marketplace.invalid', { min: 3 }),
  /** Language of messages when `Accept-Language` names none of `fr`, `en`; also the default of user settings. */
  DEFAULT_LANGUAGE: oneOf(['fr', 'en'], 'fr'),
  /** Page size when a list request gives none. */
  PAGINATION_DEFAULT_LIMIT: integer(20, 1),
  /** Largest page size. */
  PAGINATION_MAX_LIMIT: integer(100, 1),
  /** Deepest position a page may start at. */
  PAGINATION_MAX_OFFSET: integer(2000, 0),
  /** Device tokens kept per user; the least recently seen goes first. */
  PUSH_TOKENS_MAX_PER_USER: integer(10, 1),
  /** Time zone of business days. */
  BUSINESS_TIME_ZONE: text('Africa/Porto-Novo', { min: 1 }),
  /** Refuse revoked ID tokens (one Auth lookup per request). */
  AUTH_CHECK_REVOKED: flag(true),
  /**
   * CIDR ranges, comma-separated, of Firebase Hosting's edge besides Fastly's published ones, should
   * Hosting's edge move: an address in them is counted as itself, for every client behind it, with
   * `EDGE_ADDRESS_LIMIT_FACTOR` times each per-address limit (docs/api-conventions.md, Client addresses).
   */
  HOSTING_EDGE_EXTRA_RANGES: cidrList(),
  /**
   * An edge address of Hosting (Fastly's published ranges, `HOSTING_EDGE_EXTRA_RANGES`) stands for every
   * client behind that server, none of them known: its per-address limits are this many times the setting.
   */
  EDGE_ADDRESS_LIMIT_FACTOR: integer(20, 1, 1000),

  // Authentication rate limit, shared by every instance through Firestore.
  /** Turns on the rate limits of `/api/auth/*`, `/api/push-otp/*` (per address and per account) and the per-address ones of public routes. */
  AUTH_RATE_LIMIT_ENABLED: flag(true),
  /** Requests per client IP and window on the auth routes. */
  AUTH_RATE_LIMIT_MAX: integer(40, 1),
  /** The window of the per-address rate limits (15 minutes). */
  AUTH_RATE_LIMIT_WINDOW_MS: integer(15 * 60 * 1000, 1000),
  /**
   * Requests of the auth and code routes per telephone and per account (each counted) and window of
   * `AUTH_RATE_LIMIT_WINDOW_MS`, whatever address they come from (docs/api-conventions.md, Limits keyed by account).
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT_MAX: integer(10, 1),
  /** `POST /api/notifications/test` per client IP and window of `AUTH_RATE_LIMIT_WINDOW_MS`. */
  TEST_NOTIFICATION_RATE_LIMIT_MAX: integer(10, 1),

  // Per-user limits of free actions (core/user-limits.ts holds their windows): each message,
  // contact or request is pushed to someone or read from many documents, and costs the sender nothing.
  /** Turns on the per-user limits of free actions (docs/api-conventions.md, Per-user limits); off in the tests except theirs. */
  USER_RATE_LIMIT_ENABLED: flag(true),
  /** Chat messages per user and 10 minutes. */
  CHAT_MESSAGE_RATE_LIMIT_MAX: integer(60, 1),
  /** Chat rooms opened (or found) per user and hour. */
  CHAT_ROOM_RATE_LIMIT_MAX: integer(30, 1),
  /** Tricycle contacts per buyer and hour. */
  TRICYCLE_CONTACT_RATE_LIMIT_MAX: integer(20, 1),
  /** Driver requests created per buyer and day (from 00:00 UTC). */
  DRIVER_REQUEST_RATE_LIMIT_MAX: integer(10, 1),
  /** Driver requests a driver accepts per day (from 00:00 UTC). */
  DRIVER_ACCEPT_RATE_LIMIT_MAX: integer(10, 1),
  /** Demonstration events per user and hour. */
  DEMO_EVENT_RATE_LIMIT_MAX: integer(120, 1),
  /** Searches per signed-in user and minute, all search routes together. */
  SEARCH_RATE_LIMIT_MAX: integer(60, 1),
  /** Searches without a token (the public listing searches) per client address and minute: many users may share one address. */
  SEARCH_RATE_LIMIT_PER_IP_MAX: integer(300, 1),
  /**
   * Payments recorded from the native SDK (`POST /api/payments/flutter/record`) per user and hour: each new
   * reference costs a FeexPay status call, from the quota the webhook and the poller depend on.
   */
  PAYMENT_RECORD_RATE_LIMIT_MAX: integer(10, 1),
  /** Payment status changes (`POST /api/payments/admin/{id}/status`) per admin and hour: a `success` is asked of FeexPay first. */
  PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX: integer(60, 1),
  /** Broadcasts per admin and day (from 00:00 UTC): each one pushes to every user of its audience. */
  ADMIN_MESSAGE_RATE_LIMIT_MAX: integer(20, 1),

  // One-time codes for password reset.
  /** Digits of a one-time code. */
  OTP_LENGTH: integer(6, 4),
  /** Lifetime of a code (10 minutes). */
  OTP_TTL_MS: integer(10 * 60 * 1000, 1000),
  /** Wrong guesses before a code is locked. */
  OTP_MAX_ATTEMPTS: integer(5, 1),
  /** Least time between two codes for one account. */
  OTP_RESEND_INTERVAL_MS: integer(60 * 1000, 0),
  /** Most codes per account and hour. */
  OTP_MAX_SENDS_PER_HOUR: integer(5, 1),
  /**
   * Wrong codes per account and business day (`BUSINESS_TIME_ZONE`), across codes; then reset is refused
   * until the next day (`OTP_DAILY_LIMIT`).
   */
  OTP_MAX_FAILED_PER_DAY: integer(10, 1),
  /** Send the code by push when the messaging channel fails (at once, or later by a `failed` status). */
  RESET_PUSH_FALLBACK: flag(false),
  /**
   * Send a telephone proof's code by push when the messaging channel fails; off because a push reaches
   * the device that asked, which proves nothing about the number.
   */
  PHONE_PROOF_PUSH_FALLBACK: flag(false),

  // Messaging channel (WhatsApp Cloud API authentication template, or the local recorder).
  /** `whatsapp` (Cloud API) or `local` (records messages in `localMessages`; the emulator's). */
  MESSAGING_DRIVER: oneOf(['whatsapp', 'local'], 'whatsapp'),
  /** Graph API base URL. */
  WHATSAPP_API_BASE_URL: url('https://graph.facebook.com'),
  /** Graph API version. */
  WHATSAPP_API_VERSION: text('v21.0', { pattern: /^v\d+\.\d+$/ }),
  /** The sending number's id. */
  WHATSAPP_PHONE_NUMBER_ID: text(''),
  /** Approved authentication template: the code is its body parameter and its copy-code button parameter. */
  WHATSAPP_OTP_TEMPLATE: text('password_reset_code', { min: 1 }),
  /** Template language for French-speaking users (English requests use `en`). */
  WHATSAPP_TEMPLATE_LANGUAGE: text('fr', { min: 2 }),
  /** Timeout of a Graph API call. */
  WHATSAPP_TIMEOUT_MS: integer(5000, 100),
  /** Approved template telling a buyer its verification report is ready (one body parameter, the listing's title); empty: not sent. */
  WHATSAPP_VERIFICATION_REPORT_TEMPLATE: text(''),

  // Push notifications (FCM, or the local recorder).
  /** `fcm` (Admin SDK messaging) or `local` (records pushes in `localPushes`; the emulator's). */
  PUSH_DRIVER: oneOf(['fcm', 'local'], 'fcm'),
  /** Sends of a push when FCM answers with a passing error; dead tokens are pruned, never retried. */
  PUSH_MAX_ATTEMPTS: integer(3, 1),

  // Captcha on web registration.
  /** Captcha on `POST /api/auth/register` from the web client. */
  CAPTCHA_ENABLED: flag(true),
  /** `turnstile` (Cloudflare), `recaptcha` (v3) or `hcaptcha`. */
  CAPTCHA_PROVIDER: oneOf(['turnstile', 'recaptcha', 'hcaptcha'], 'turnstile'),
  /** Siteverify endpoint; empty for the provider's own. */
  CAPTCHA_VERIFY_URL: text(''),
  /** reCAPTCHA v3: lowest score accepted. */
  CAPTCHA_MIN_SCORE: decimal(0.5, 0, 1),
  /** Timeout of a verification; a timeout refuses. */
  CAPTCHA_TIMEOUT_MS: integer(3000, 100),

  // Web dashboard sessions.
  /** A dashboard session ends after this long without requests. */
  WEB_SESSION_IDLE_MINUTES: integer(30, 1),
  /** A session's idle clock is written at most this often. */
  WEB_SESSION_TOUCH_INTERVAL_MS: integer(60 * 1000, 0),

  // Catalog.
  /** `post`: new listings are online at once and admins take them down; `pre`: they wait for an admin's approval. */
  ARTICLE_MODERATION: oneOf(['pre', 'post'], 'post'),
  /** `cloud` (Cloud Storage, default bucket) or `local` (disk; the emulator's). */
  STORAGE_DRIVER: oneOf(['local', 'cloud'], 'cloud'),
  /** Local driver: folder of the files (empty: the system's temporary folder). */
  STORAGE_LOCAL_DIR: text(''),
  /** Cloud driver: `public` URLs (files made public) or `signed` URLs. */
  STORAGE_URL_MODE: oneOf(['public', 'signed'], 'public'),
  /** Lifetime of signed URLs (7 days). */
  STORAGE_SIGNED_URL_TTL_MS: integer(7 * 24 * 60 * 60 * 1000, 60 * 1000),
  /**
   * Local driver only: HMAC-SHA256 key of its links to private files (`/api/upload/signed/...`); Cloud
   * Storage signs its own. The default is a published development value, kept in the emulator
   * (`FUNCTIONS_EMULATOR=true`) and in scripts only: a function outside the emulator with
   * `STORAGE_DRIVER=local` and no key of its own (unset, or set to that value) stops at its first
   * request naming it.
   */
  STORAGE_LOCAL_SIGNING_KEY: text(DEVELOPMENT_SIGNING_KEY, { min: 16 }),
  /** Lifetime of the links to forwarders' identity cards given to admins (10 s to 7 days: Cloud Storage allows 7 days at most). */
  KYC_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /**
   * Lifetime of the links to stored documents given by `GET /api/admin/documents/{id}/download` (10 s to
   * 7 days: Cloud Storage allows 7 days at most).
   */
  DOCUMENT_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /**
   * Lifetime of the links to verification reports handed to the buyer, the seller and admins (10 s to 7
   * days: Cloud Storage allows 7 days at most).
   */
  VERIFICATION_REPORT_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /** Largest verification report (PDF) an admin uploads. */
  VERIFICATION_REPORT_MAX_BYTES: integer(10 * 1024 * 1024, 1024),
  /**
   * Requests of one listing waiting for its inspection at once (1 to 100): paying for one more is
   * refused; an admin's `PATCH` moves them together.
   */
  VERIFICATION_MAX_OPEN_PER_ARTICLE: integer(20, 1, 100),
  /**
   * Days the buyer has to accept or refuse an inspection report once it is available (1 to 60); past
   * them it can no longer be refused and the hourly job closes it as accepted.
   */
  VERIFICATION_DECISION_DAYS: integer(3, 1, 60),
  /** Largest photo (10 MB). */
  UPLOAD_IMAGE_MAX_BYTES: integer(10 * 1024 * 1024, 1024),
  /** Largest video (30 MB: HTTP functions take at most 32 MB). */
  UPLOAD_VIDEO_MAX_BYTES: integer(30 * 1024 * 1024, 1024),
  /** Price of a sponsored boost per day (XOF) until an admin sets one. */
  PUB_PRICE_SPONSORISE_PER_DAY: integer(1000, 0),
  /** Price of a front-page boost per day (XOF) until an admin sets one. */
  PUB_PRICE_A_LA_UNE_PER_DAY: integer(2000, 0),
  /** Anonymous views counted per client address, listing and business day (carriers put many phones behind one address). */
  VIEWS_ANONYMOUS_PER_IP_MAX: integer(10, 1),
  /**
   * A view rolls its listing's count up onto the listing's `views` (most-viewed order, listing answers)
   * when the last roll-up is older than this; the `rollUpViews` schedule takes the rest every 10 minutes
   * (docs/guides/catalog.md, Views).
   */
  VIEWS_ROLLUP_SECONDS: integer(60, 0),
  /** Files (photos, videos, identity cards) one user may store per business day. */
  UPLOAD_DAILY_MAX_PER_USER: integer(50, 1),
  /** A stored file nothing references is deleted this long after its upload (time to publish what it is for). */
  UPLOAD_CLEANUP_GRACE_HOURS: integer(24, 1),
  /** A referenced file is looked at again this long after (its listing may drop it). */
  UPLOAD_RECHECK_DAYS: integer(30, 1),
  /** Public video uploads per client IP and window of `AUTH_RATE_LIMIT_WINDOW_MS`. */
  UPLOAD_VIDEO_RATE_LIMIT_MAX: integer(10, 1),

  // Payments through FeexPay.
  /** FeexPay API (request to pay, card, status). */
  FEEXPAY_BASE_URL: url('https://api.feexpay.me'),
  /** FeexPay payment-link API (`POST {base}/api/feexlink/api-create`). */
  FEEXPAY_LINK_BASE_URL: url('https://api.feexpay.me'),
  /** The shop identifier at FeexPay. */
  FEEXPAY_SHOP_ID: text(''),
  /**
   * `SANDBOX` or `LIVE`: the mode of payment links, and a `LIVE` service believes only `LIVE`
   * transactions. No default in a function (deployed or emulated): a function without it stops at its
   * first request naming it, since a live service that silently believed sandbox transactions would sell
   * for nothing. Scripts need it only to pay.
   */
  FEEXPAY_MODE: oneOf(['SANDBOX', 'LIVE'], undefined),
  /**
   * Public URL of `POST /api/payments/webhook` (`https://<site>/api/payments/webhook`): payment links
   * call it back (with `?secret=` and the payment's id); links fail until it is set.
   */
  FEEXPAY_CALLBACK_URL: url('', { orEmpty: true }),
  /** Turns `POST /api/payments/init` (payment links) off; mobile money and card still work. */
  FEEXPAY_PAYMENT_LINK_DISABLED: flag(false),
  /** Timeout of a FeexPay call; a timeout is "provider unavailable". */
  FEEXPAY_TIMEOUT_MS: integer(10000, 100),
  /** A pending payment's lifetime; it expires after it, checked with the aggregator one last time. */
  PAYMENT_EXPIRE_SECONDS: integer(900, 30),
  /** Never expire pending payments locally (the aggregator's word only). */
  PAYMENT_LOCAL_EXPIRY_DISABLED: flag(false),
  /** Queue one expiry task per payment (off: the poller alone expires payments). */
  PAYMENT_EXPIRY_TASKS_ENABLED: flag(true),
  /**
   * Limit payment starts (`/init`, `/initcard`, `/requesttopay/*`) per account and per paying telephone:
   * no prompt flood at a stranger's phone.
   */
  PAYMENT_RATE_LIMIT_ENABLED: flag(true),
  /** Payments one account may start per window. */
  PAYMENT_RATE_LIMIT_PER_USER: integer(10, 1),
  /** Mobile money prompts (and card payments) one telephone may receive per window, whoever starts them. */
  PAYMENT_RATE_LIMIT_PER_TELEPHONE: integer(5, 1),
  /** The window of the payment limits (1 hour). */
  PAYMENT_RATE_LIMIT_WINDOW_MS: integer(60 * 60 * 1000, 1000),

  // Prices until an admin sets them (XOF).
  /** Seller subscription, XOF per month of 30 days, until an admin sets it. */
  SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  /** Forwarder subscription, XOF per month of 30 days, until an admin sets it. */
  TRANSITAIRE_SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  /** Article verification, XOF, until an admin sets it. */
  VERIFICATION_PRICE: integer(20000, 0),
  /** Days of free seller access from sign-up. */
  SELLER_TRIAL_DAYS: integer(45, 0),
  /**
   * Sellers' parts shown again per transaction on a renewal, and per batch of the hourly
   * `hideLapsedSellerParts` job (1 to 450; a run does at most 10 batches).
   */
  SELLER_PARTS_BATCH_SIZE: integer(200, 1, 450),

  // Commercial agents (domains/agents): amounts until an admin sets the referral tariff, and the targets.
  /** Earned by an agent for each user who signs up with its code (XOF), until an admin sets the referral tariff. */
  AGENT_REFERRAL_SIGNUP_XOF: integer(150, 0),
  /** Percent of a referred user's subscription payment earned by its agent (rounded up to the franc), until an admin sets the tariff. */
  AGENT_COMMISSION_SUBSCRIPTION_PCT: decimal(10, 0, 100),
  /** Percent of a referred user's advertisement payment earned by its agent (rounded up to the franc), until an admin sets the tariff. */
  AGENT_COMMISSION_PUBLICITE_PCT: decimal(10, 0, 100),
  /**
   * Presence bonus of an agent's day whose journal has a GPS position that earns (inside the agent's
   * zone when an admin set one, on the land of a served country, accurate enough), once per agent and
   * business day.
   */
  AGENT_DAILY_PRESENCE_BONUS_XOF: integer(2000, 0),
  /** A position whose accuracy the app gives as worse than this (metres) earns no presence bonus (`precision_insuffisante`). */
  AGENT_PRESENCE_MAX_ACCURACY_M: integer(200, 1),
  /**
   * A position this close (metres, 0 to 20000) to the land of a served country counts as on it: the
   * 1:50m borders are generalized at the coast.
   */
  AGENT_PRESENCE_COAST_TOLERANCE_M: integer(1000, 0, 20_000),
  /** Prospects an agent should approach per day: the target shown in the dashboards' `daily.objectifs`. */
  AGENT_TARGET_PROSPECTS_PER_DAY: integer(20, 0),
  /** Subscriptions an agent must have sold before a withdrawal (a target of `daily.objectifs`). */
  AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS: integer(4, 0),
  /** Advertisement campaigns an agent must have sold before a withdrawal (a target of `daily.objectifs`). */
  AGENT_WITHDRAWAL_MIN_CAMPAIGNS: integer(4, 0),
  /**
   * A demonstration event of the same `eventType` and session seen again within this window (ms) is
   * answered `deduplicated` and ignored.
   */
  DEMO_EVENT_DEDUP_MS: integer(30000, 0),
  /** At most one demonstration counts per agent and user within this interval (minutes). */
  DEMO_COOLDOWN_MINUTES: integer(15, 0),

  // Tricycles (logistics/tricycles).
  /** A tricycle driver's GPS stream stores at most one position per this many seconds; the others are answered `throttled`. */
  TRICYCLE_LOCATION_INTERVAL_SECONDS: integer(10, 0),
  /**
   * An online tricycle driver whose last position is older is neither found nearby nor contactable (its
   * app died without going offline).
   */
  TRICYCLE_POSITION_TTL_MINUTES: integer(15, 1),
  /** A buyer opens a contact closed (or declined) a moment ago again only this long after: no notice flood by open-close loops. */
  TRICYCLE_CONTACT_REOPEN_SECONDS: integer(120, 0, 86_400),
  /** Radius of the nearby tricycle search when the buyer gives none (km). */
  TRICYCLE_SEARCH_RADIUS_KM: decimal(5, 0.1, 50),
  /** Online drivers read per geohash cell of a nearby search (core/nearby: 2 to 6 cells for 5 km, at most 64, `MAX_COVERING_CELLS`). */
  TRICYCLE_NEARBY_PER_CELL: integer(100, 1, 1000),
  /** Driver documents one nearby search reads at most, whatever its radius: cells are read nearest first until it is spent. */
  TRICYCLE_NEARBY_MAX_READS: integer(500, 1, 10_000),
  // Deliveries (domains/logistics/deliveries): the offer rounds (the close of a delivery proved by photo: DELIVERY_DISPUTE_WINDOW_HOURS below).
  /** Radius added to the delivery settings' `rayonKm` at each new round of offers of a delivery (km). */
  DELIVERY_ROUND_RADIUS_STEP_KM: decimal(5, 0, 200),
  /** Rounds of offers before a delivery stays `commande` with `sansLivreur` (the buyer told, admins relaunch it). */
  DELIVERY_MAX_ROUNDS: integer(3, 1, 20),
  /** Online couriers offered a delivery per round, nearest first. */
  DELIVERY_OFFERS_PER_ROUND: integer(20, 1, 100),
  /** Queue the `deliveryRound` and `closeDelivery` tasks (the in-process tests turn it off and call the handlers with the clock moved). */
  DELIVERY_TASKS_ENABLED: flag(true),
  /**
   * Wrong handover codes a delivery takes before code entry is locked (`DELIVERY_CODE_LOCKED`); then
   * only the buyer's confirmation, a photo proof or an admin closes it.
   */
  DELIVERY_CODE_MAX_ATTEMPTS: integer(5, 1, 100),
  /** Deliveries a courier may hold at once (`assigne`, `en_cours`); one more accept: `DELIVERY_COURIER_BUSY`. */
  DELIVERY_MAX_ACTIVE_PER_COURIER: integer(5, 1, 100),

  // Fair exchange (DOMAIN.md; domains/commerce): handovers, held money and disputes.
  /**
   * Hours the buyer has after a proof of handover to open a dispute: after a courier's photo (its
   * silence for this long is the handover, the delivery then closes `livre`), an in-person code or a
   * transfer to the forwarder.
   */
  DELIVERY_DISPUTE_WINDOW_HOURS: integer(48, 1, 720),
  /** Wrong in-person handover codes an order or a purchase takes before code entry is locked (`HANDOVER_CODE_LOCKED`); then the buyer's "received" or an admin hands it over. */
  HANDOVER_CODE_MAX_ATTEMPTS: integer(5, 1, 100),
  /** Days after its payment a sale nobody handed over is stale: both parties are reminded, admins list it to release or refund it. */
  HANDOVER_REMINDER_DAYS: integer(7, 1, 90),
  /** Days the seller has to answer a dispute opened against it. */
  DISPUTE_ANSWER_DAYS: integer(3, 1, 30),
  /** Days an admin has to decide a dispute from its opening; past them it is escalated to `principal`. */
  DISPUTE_DECISION_DAYS: integer(5, 1, 60),
  /** Refunds up to this (XOF) are decided by the admin who took the dispute; above, by `principal` or `superAdmin` (graded powers). */
  DISPUTE_ADMIN_MAX_XOF: integer(500_000, 0),
  /** Evidence photos each side of a dispute may upload. */
  DISPUTE_EVIDENCE_MAX: integer(5, 1, 20),

  // Notifications.
  /** In-app notifications are deleted this long after they were written (TTL on `expireAt`). */
  NOTIFICATION_RETENTION_DAYS: integer(180, 1),
  /** Recipients of an admin broadcast written per task (1 to 450: one transaction). */
  ADMIN_MESSAGE_PAGE_SIZE: integer(200, 1, 450),
  /** Deliver broadcasts through the `sendAdminMessage` task queue (the in-process tests turn it off and run the pages themselves). */
  ADMIN_MESSAGE_TASKS_ENABLED: flag(true),

  // Domain events (core/events).
  /**
   * Hand each domain event to its subscribers in the process that emitted it, right after the commit
   * (the tests); otherwise the `dispatchEvents` trigger does.
   */
  EVENTS_DISPATCH_INLINE: flag(false),
  /**
   * A subscriber's run is leased this long; past it the sweep takes it again (its worker died). Also the
   * grace given to the trigger before the sweep hands out an event.
   */
  EVENT_LEASE_SECONDS: integer(120, 1),
  /** Runs of a subscriber for one event before it is parked for an admin. */
  EVENT_MAX_ATTEMPTS: integer(6, 1),
  /** Wait before the first retry of a failed run, doubled at each attempt. */
  EVENT_RETRY_BASE_SECONDS: integer(30, 1),
  /** Events and their runs are deleted this long after the event (TTL on `expireAt`). */
  EVENT_RETENTION_DAYS: integer(30, 1),
  /** Documents of the realtime feeds (`users/{uid}/realtime`) are deleted this long after they were written (TTL on `expireAt`). */
  REALTIME_FEED_TTL_DAYS: integer(7, 1),

  // Reconciliation of the money (domains/admin/reconciliation).
  /**
   * The reconciliation judges a payment only once it has not changed for this many minutes (its events
   * may still be running): until then it counts as `inProgress` (docs/operations.md, Reconciliation).
   */
  RECONCILE_GRACE_MINUTES: integer(10, 0, 1440),
  /** Documents the reconciliation reads per page: payments, wallets, a wallet's entries. */
  RECONCILE_PAGE_SIZE: integer(200, 1, 1000),

  // Delivery zones and fees (domains/logistics/zones).
  /**
   * Delivery zones that may exist at once, active or not (1 to 500); creation refuses more
   * (`DELIVERY_ZONES_LIMIT`). A lookup, a quote and an order with delivery read every active zone: this
   * bounds them.
   */
  DELIVERY_ZONES_MAX: integer(100, 1, 500),
  /**
   * Public zone lookups and fee quotes together per client IP and window of `AUTH_RATE_LIMIT_WINDOW_MS`
   * (off with `AUTH_RATE_LIMIT_ENABLED`).
   */
  DELIVERY_QUOTE_RATE_LIMIT_MAX: integer(120, 1),
  // Couriers (logistics/livreurs).
  /**
   * A courier's location is written at most once per this many seconds (`POST
   * /api/livreurs/me/location`); updates in between are answered `written: false`, not stored.
   */
  LIVREUR_LOCATION_INTERVAL_SECONDS: integer(15, 1, 3600),
  /** An online courier whose last position is older is offered no delivery (its app died without going offline). */
  LIVREUR_POSITION_TTL_MINUTES: integer(30, 1),


  // App attestation (Firebase App Check: docs/api-conventions.md, App Check).
  /**
   * Refuse the apps' free actions and every signed-in request without a valid `X-Firebase-AppCheck`
   * (`APP_CHECK_FAILED`); a token that is sent is verified either way. Unset: enforced in a deployed
   * function, not under the Functions emulator nor in scripts (core/app-check.ts, `appCheckEnforced`).
   * The contract's name, read from the process's environment only (the tests, a variable set on the
   * function outside `.env`): firebase-tools refuses a `functions/.env*` file holding a key that starts
   * with `FIREBASE_` (a reserved prefix), so that file sets `APP_CHECK_ENFORCED` instead.
   */
  FIREBASE_APP_CHECK_ENFORCED: oneOf(['true', 'false'], undefined),
  /** The same switch under a name `functions/.env.<project>` may hold; FIREBASE_APP_CHECK_ENFORCED wins when both are set. */
  APP_CHECK_ENFORCED: oneOf(['true', 'false'], undefined),
  /**
   * `firebase` (the Admin SDK verifies tokens with Google's keys) or `local` (the emulator's and the
   * tests': the debug tokens of `APP_CHECK_DEBUG_TOKENS` only). A deployed function with `local` stops
   * at its first request naming it: its debug tokens are published.
   */
  APP_CHECK_DRIVER: oneOf(['firebase', 'local'], 'firebase'),
  /**
   * Local verifier only: `token=appId` pairs, comma-separated, each debug token standing for the
   * Firebase app id it names (`1:<project number>:<android|ios|web>:<hash>`; a `web` app is the
   * dashboard). The emulator's are in `functions/.env.demo-marketplace`.
   */
  APP_CHECK_DEBUG_TOKENS: setting('', (raw) => (debugTokenPairs(raw) ? raw : INVALID)),
};

export type Settings = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };

let cached: Settings | undefined;

/** Reads the environment once; a bad value stops the function at its first request, loudly. */
export function config(): Settings {
  if (!cached) {
    const values: Record<string, unknown> = {};
    const invalid: string[] = [];
    for (const [name, { fallback, read }] of Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>) {
      const raw = process.env[name];
      const value = raw === undefined ? fallback : read(raw);
      if (value === INVALID) invalid.push(name);
      else values[name] = value;
    }
    // Settings that have a default in scripts and tests but none in a function.
    if (runsAsFunction() && values.FEEXPAY_MODE === undefined && !invalid.includes('FEEXPAY_MODE')) invalid.push('FEEXPAY_MODE');
    // The local driver's development key is public: links it signed outside the emulator could be forged.
    if (runsDeployed() && values.STORAGE_DRIVER === 'local' && values.STORAGE_LOCAL_SIGNING_KEY === DEVELOPMENT_SIGNING_KEY) invalid.push('STORAGE_LOCAL_SIGNING_KEY');
    // The local App Check verifier takes published debug tokens: outside the emulator it would let anyone in.
    if (runsDeployed() && values.APP_CHECK_DRIVER === 'local') invalid.push('APP_CHECK_DRIVER');
    if (invalid.length) throw new Error(`Invalid configuration: ${invalid.join(', ')}`);
    cached = values as Settings;
  }
  return cached;
}

/**
 * Settings that are not function settings: the scripts beside the emulator read them from the shell,
 * and nothing deploys them. Here so that docs/settings.md names them with the others.
 */
export const SCRIPT_SETTINGS = {
  /**
   * The local scheduler's (`npm start`; docs/operations.md, Scheduled jobs): how many times as fast as real time its
   * clock runs the schedules (`60`: a minute a second); `0` turns it off. The end-to-end group runs it
   * at 12 whatever this says. Never deployed: production has Cloud Scheduler.
   */
  SCHEDULER_TIME_FACTOR: { default: '1', readBy: 'scripts/local-scheduler.cjs' },
} as const;

/** Tests change the environment, then call this so the next `config()` reads it again. */
export function reloadConfig(): void {
  cached = undefined;
}

/** Names and defaults, for docs/settings.md and the pages that quote settings at their defaults. */
export function describeSettings(): Array<{ name: string; default: unknown }> {
  return Object.entries(SETTINGS).map(([name, { fallback }]) => ({ name, default: fallback }));
}
