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
 * largest piece of our own code in a cold start (README, Measurements). The rules are the ones zod
 * applied: numbers as `Number()` reads them, URLs as `new URL()` parses them.
 */
import { isIP } from 'node:net';

const INVALID = Symbol('invalid setting');

/** How one environment variable is read. */
interface Setting<T> {
  /** The value when the variable is unset (the README's default). */
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

/** Cloud Functions (and its emulator) name the running function; scripts and tests do not. */
const runsAsFunction = () => Boolean(process.env.K_SERVICE || process.env.FUNCTION_TARGET);

/** The local storage driver's published development key: never valid outside the emulator. */
const DEVELOPMENT_SIGNING_KEY = 'local-development-signing-key';

/** A function that is not the Functions emulator's: deployed (the emulator sets FUNCTIONS_EMULATOR). */
const runsDeployed = () => runsAsFunction() && process.env.FUNCTIONS_EMULATOR !== 'true';

/** `a.b.c.d/n` or `x::/n`. */
function isCidr(range: string): boolean {
  const [network = '', prefix = '', ...rest] = range.split('/');
  const family = isIP(network);
  return rest.length === 0 && family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const SETTINGS = {
  /** Name and version reported by the health check. */
  SERVICE_NAME: text('vehicle-marketplace', { min: 1 }),
  SERVICE_VERSION: text('0.1.0', { min: 1 }),
  /** Largest accepted JSON body, in the `bytes` notation of body-parser ("1mb", "200kb"). */
  JSON_BODY_LIMIT: text('1mb', { pattern: /^\d+(b|kb|mb)$/i }),
  /** Domain of the synthetic login emails built from telephone numbers. */
  AUTH_SYNTHETIC_EMAIL_DOMAIN: text('users.marketplace.invalid', { min: 3 }),
  /** Language of messages when the request does not ask for one (`fr` or `en`). */
  DEFAULT_LANGUAGE: oneOf(['fr', 'en'], 'fr'),
  /** Page size when a list request gives none, and the largest allowed. */
  PAGINATION_DEFAULT_LIMIT: integer(20, 1),
  PAGINATION_MAX_LIMIT: integer(100, 1),
  /** Deepest position a page may start at: offsets past it are refused so no list scans without bound. */
  PAGINATION_MAX_OFFSET: integer(2000, 0),
  /** Device tokens kept per user; registering one more drops the least recently seen. */
  PUSH_TOKENS_MAX_PER_USER: integer(10, 1),
  /** Time zone of business days (journals, bonuses, invoice numbers). */
  BUSINESS_TIME_ZONE: text('Africa/Porto-Novo', { min: 1 }),
  /** Verify that ID tokens were not revoked (one extra Auth lookup per request). */
  AUTH_CHECK_REVOKED: flag(true),
  /**
   * Address ranges (comma-separated CIDRs) of Firebase Hosting's edge besides Fastly's published
   * ones, should Hosting's edge move: behind them, the client is the address the edge reported.
   */
  HOSTING_EDGE_EXTRA_RANGES: cidrList(),

  // Authentication rate limit, shared by every instance through Firestore.
  AUTH_RATE_LIMIT_ENABLED: flag(true),
  AUTH_RATE_LIMIT_MAX: integer(40, 1),
  AUTH_RATE_LIMIT_WINDOW_MS: integer(15 * 60 * 1000, 1000),
  /** Public test notifications per IP and window of AUTH_RATE_LIMIT_WINDOW_MS. */
  TEST_NOTIFICATION_RATE_LIMIT_MAX: integer(10, 1),

  // Per-user limits of free actions (core/user-limits.ts holds their windows): each message,
  // contact or request is pushed to someone or read from many documents, and costs the sender nothing.
  USER_RATE_LIMIT_ENABLED: flag(true),
  /** Chat messages per user and 10 minutes. */
  CHAT_MESSAGE_RATE_LIMIT_MAX: integer(60, 1),
  /** Chat rooms opened (or found) per user and hour. */
  CHAT_ROOM_RATE_LIMIT_MAX: integer(30, 1),
  /** Tricycle contacts per buyer and hour. */
  TRICYCLE_CONTACT_RATE_LIMIT_MAX: integer(20, 1),
  /** Driver requests created per buyer and day. */
  DRIVER_REQUEST_RATE_LIMIT_MAX: integer(10, 1),
  /** Driver requests a driver accepts per day. */
  DRIVER_ACCEPT_RATE_LIMIT_MAX: integer(10, 1),
  /** Demonstration events per user and hour. */
  DEMO_EVENT_RATE_LIMIT_MAX: integer(120, 1),
  /** Searches, all search routes together, per signed-in user and minute. */
  SEARCH_RATE_LIMIT_MAX: integer(60, 1),
  /** Searches without a token per client address and minute (many users may share one address). */
  SEARCH_RATE_LIMIT_PER_IP_MAX: integer(300, 1),

  // One-time codes for password reset.
  OTP_LENGTH: integer(6, 4),
  OTP_TTL_MS: integer(10 * 60 * 1000, 1000),
  OTP_MAX_ATTEMPTS: integer(5, 1),
  OTP_RESEND_INTERVAL_MS: integer(60 * 1000, 0),
  OTP_MAX_SENDS_PER_HOUR: integer(5, 1),
  /** Wrong codes per account and business day, across codes; then reset is refused until the next day. */
  OTP_MAX_FAILED_PER_DAY: integer(10, 1),
  /** Send the code by push notification when the messaging channel fails. */
  RESET_PUSH_FALLBACK: flag(false),
  /**
   * Send a telephone proof's code by push when the messaging channel fails. Off by default: a push
   * reaches the device that asked, which proves nothing about the number (README, "Telephone proof").
   */
  PHONE_PROOF_PUSH_FALLBACK: flag(false),

  // Messaging channel (WhatsApp Cloud API authentication template, or the local recorder).
  MESSAGING_DRIVER: oneOf(['whatsapp', 'local'], 'whatsapp'),
  WHATSAPP_API_BASE_URL: url('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: text('v21.0', { pattern: /^v\d+\.\d+$/ }),
  WHATSAPP_PHONE_NUMBER_ID: text(''),
  WHATSAPP_OTP_TEMPLATE: text('password_reset_code', { min: 1 }),
  WHATSAPP_TEMPLATE_LANGUAGE: text('fr', { min: 2 }),
  WHATSAPP_TIMEOUT_MS: integer(5000, 100),
  /** Approved WhatsApp template telling a buyer its verification report is ready (one body parameter: the listing's title); empty: not sent. */
  WHATSAPP_VERIFICATION_REPORT_TEMPLATE: text(''),

  // Push notifications (FCM, or the local recorder).
  PUSH_DRIVER: oneOf(['fcm', 'local'], 'fcm'),
  /** Sends per message when FCM answers with a passing error (invalid tokens are pruned, not retried). */
  PUSH_MAX_ATTEMPTS: integer(3, 1),

  // Captcha on web registration.
  CAPTCHA_ENABLED: flag(true),
  CAPTCHA_PROVIDER: oneOf(['turnstile', 'recaptcha', 'hcaptcha'], 'turnstile'),
  /** Verification endpoint; empty means the provider's own. */
  CAPTCHA_VERIFY_URL: text(''),
  /** reCAPTCHA v3: lowest score accepted. */
  CAPTCHA_MIN_SCORE: decimal(0.5, 0, 1),
  CAPTCHA_TIMEOUT_MS: integer(3000, 100),

  // Web dashboard sessions.
  WEB_SESSION_IDLE_MINUTES: integer(30, 1),
  /** A session's idle clock is written at most this often. */
  WEB_SESSION_TOUCH_INTERVAL_MS: integer(60 * 1000, 0),

  // Catalog.
  /** `post`: listings go online at once and admins take them down; `pre`: admins approve first. */
  ARTICLE_MODERATION: oneOf(['pre', 'post'], 'post'),
  /** File storage: `local` (disk, the emulator's) or `cloud` (Cloud Storage). */
  STORAGE_DRIVER: oneOf(['local', 'cloud'], 'cloud'),
  /** Local driver: where files are written (default: the system's temporary folder). */
  STORAGE_LOCAL_DIR: text(''),
  /** Cloud driver: `public` URLs (files made public) or time-limited `signed` URLs. */
  STORAGE_URL_MODE: oneOf(['public', 'signed'], 'public'),
  /** Lifetime of signed URLs. */
  STORAGE_SIGNED_URL_TTL_MS: integer(7 * 24 * 60 * 60 * 1000, 60 * 1000),
  /**
   * Local driver only: key of the HMAC that signs its links to private files. The default is a
   * development value, published in the README: a function outside the emulator has none (below).
   */
  STORAGE_LOCAL_SIGNING_KEY: text(DEVELOPMENT_SIGNING_KEY, { min: 16 }),
  /** Lifetime of the links to forwarders' identity cards handed to admins (Cloud Storage allows 7 days at most). */
  KYC_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /** Lifetime of the links to stored documents handed to admins by GET /api/admin/documents/{id}/download (Cloud Storage allows 7 days at most). */
  DOCUMENT_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /** Lifetime of the links to verification reports handed to the buyer, the seller and admins (Cloud Storage allows 7 days at most). */
  VERIFICATION_REPORT_LINK_TTL_SECONDS: integer(300, 10, 7 * 24 * 60 * 60),
  /** Largest verification report (PDF) an admin uploads. */
  VERIFICATION_REPORT_MAX_BYTES: integer(10 * 1024 * 1024, 1024),
  /** Requests of one listing waiting for its inspection at once (paying for one more is refused): what an admin's PATCH moves together. */
  VERIFICATION_MAX_OPEN_PER_ARTICLE: integer(20, 1, 100),
  /** Days the buyer has to accept or refuse a report once it is available; past them the request closes as accepted. */
  VERIFICATION_DECISION_DAYS: integer(3, 1, 60),
  UPLOAD_IMAGE_MAX_BYTES: integer(10 * 1024 * 1024, 1024),
  UPLOAD_VIDEO_MAX_BYTES: integer(30 * 1024 * 1024, 1024),
  /** Advertising prices (XOF per day) until an admin sets them. */
  PUB_PRICE_SPONSORISE_PER_DAY: integer(1000, 0),
  PUB_PRICE_A_LA_UNE_PER_DAY: integer(2000, 0),
  /** Anonymous views counted per client address, listing and business day (many phones share a carrier's address). */
  VIEWS_ANONYMOUS_PER_IP_MAX: integer(10, 1),
  /** A view rolls its listing's count up onto the listing (`views`) when the last roll-up is older than this. */
  VIEWS_ROLLUP_SECONDS: integer(60, 0),
  /** Files (photos, videos, identity cards) one user may store per business day. */
  UPLOAD_DAILY_MAX_PER_USER: integer(50, 1),
  /** A stored file nothing references is deleted this long after its upload (time to publish what it is for). */
  UPLOAD_CLEANUP_GRACE_HOURS: integer(24, 1),
  /** A referenced file is looked at again this long after (its listing may drop it). */
  UPLOAD_RECHECK_DAYS: integer(30, 1),
  /** Public video uploads per client IP and window of AUTH_RATE_LIMIT_WINDOW_MS. */
  UPLOAD_VIDEO_RATE_LIMIT_MAX: integer(10, 1),

  // Payments through FeexPay.
  FEEXPAY_BASE_URL: url('https://api.feexpay.me'),
  /** Base URL of the payment-link API (POST {base}/api/feexlink/api-create). */
  FEEXPAY_LINK_BASE_URL: url('https://api.feexpay.me'),
  FEEXPAY_SHOP_ID: text(''),
  /**
   * `SANDBOX` or `LIVE`. No default where the service runs as a function (deployed or emulated):
   * a live service that silently believed sandbox transactions would sell for nothing.
   */
  FEEXPAY_MODE: oneOf(['SANDBOX', 'LIVE'], undefined),
  /**
   * Public URL of `POST /api/payments/webhook` (for example https://<site>/api/payments/webhook),
   * given to FeexPay as the callback of payment links; the callback secret is added to its query.
   */
  FEEXPAY_CALLBACK_URL: url('', { orEmpty: true }),
  /** Turns off `POST /api/payments/init` (payment links); mobile money and card still work. */
  FEEXPAY_PAYMENT_LINK_DISABLED: flag(false),
  FEEXPAY_TIMEOUT_MS: integer(10000, 100),
  /** A pending payment expires after this long (checked with the aggregator one last time). */
  PAYMENT_EXPIRE_SECONDS: integer(900, 30),
  /** Leave pending payments pending forever (the aggregator's word only). */
  PAYMENT_LOCAL_EXPIRY_DISABLED: flag(false),
  /** Queue one expiry task per payment (off: the poller alone expires payments). */
  PAYMENT_EXPIRY_TASKS_ENABLED: flag(true),
  /** Payments started per payer account, and per paying telephone, in a window: no prompt flood at a stranger's phone. */
  PAYMENT_RATE_LIMIT_ENABLED: flag(true),
  PAYMENT_RATE_LIMIT_PER_USER: integer(10, 1),
  PAYMENT_RATE_LIMIT_PER_TELEPHONE: integer(5, 1),
  PAYMENT_RATE_LIMIT_WINDOW_MS: integer(60 * 60 * 1000, 1000),

  // Prices until an admin sets them (XOF).
  SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  TRANSITAIRE_SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  VERIFICATION_PRICE: integer(20000, 0),
  /** Days of free seller access from sign-up. */
  SELLER_TRIAL_DAYS: integer(45, 0),
  /** Sellers' parts shown again per transaction on a renewal, and hidden per batch of the hourly job (one transaction: at most 450). */
  SELLER_PARTS_BATCH_SIZE: integer(200, 1, 450),

  // Commercial agents (domains/agents): amounts until an admin sets the referral tariff, and the targets.
  /** Earned by an agent for each user who signs up with its referral code (XOF). */
  AGENT_REFERRAL_SIGNUP_XOF: integer(150, 0),
  /** Commission of the referring agent on a referred user's subscription payment, percent (rounded up to the franc). */
  AGENT_COMMISSION_SUBSCRIPTION_PCT: decimal(10, 0, 100),
  /** Commission of the referring agent on a referred user's advertisement payment, percent (rounded up). */
  AGENT_COMMISSION_PUBLICITE_PCT: decimal(10, 0, 100),
  /** Presence bonus of a day whose journal has GPS coordinates, once per agent and business day (XOF). */
  AGENT_DAILY_PRESENCE_BONUS_XOF: integer(2000, 0),
  /** A position whose accuracy the app gives as worse than this (metres) earns no presence bonus. */
  AGENT_PRESENCE_MAX_ACCURACY_M: integer(200, 1),
  /** A position this close to the land of a served country (metres) counts as on it: the borders (Natural Earth 1:50m) are generalized at the coast. */
  AGENT_PRESENCE_COAST_TOLERANCE_M: integer(1000, 0, 20_000),
  /** Target: prospects approached per day. */
  AGENT_TARGET_PROSPECTS_PER_DAY: integer(20, 0),
  /** Subscriptions and advertisement campaigns an agent must have sold before a withdrawal. */
  AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS: integer(4, 0),
  AGENT_WITHDRAWAL_MIN_CAMPAIGNS: integer(4, 0),
  /** A demonstration event of the same type and session seen again within this window is ignored (ms). */
  DEMO_EVENT_DEDUP_MS: integer(30000, 0),
  /** At most one demonstration counts per agent and user within this interval (minutes). */
  DEMO_COOLDOWN_MINUTES: integer(15, 0),

  // Tricycles (logistics/tricycles).
  /** A tricycle driver's GPS stream is stored at most once per this many seconds (the rest is answered `throttled`). */
  TRICYCLE_LOCATION_INTERVAL_SECONDS: integer(10, 0),
  /** An online driver whose last position is older than this is neither found nor contactable (its app died without going offline). */
  TRICYCLE_POSITION_TTL_MINUTES: integer(15, 1),
  /** A buyer opens a contact it (or the driver) closed again only this long after: no notice flood by open-close loops. */
  TRICYCLE_CONTACT_REOPEN_SECONDS: integer(120, 0, 86_400),
  /** Radius of the buyers' nearby search when they give none (km). */
  TRICYCLE_SEARCH_RADIUS_KM: decimal(5, 0.1, 50),
  /** Online drivers read per geohash cell of a nearby search (core/nearby: 2 to 6 cells for 5 km, at most MAX_COVERING_CELLS). */
  TRICYCLE_NEARBY_PER_CELL: integer(100, 1, 1000),
  /** Driver documents one nearby search reads at most, whatever its radius: cells are read nearest first until this is spent. */
  TRICYCLE_NEARBY_MAX_READS: integer(500, 1, 10_000),
  // Deliveries (domains/logistics/deliveries): the offer rounds and the close of a delivery proved by photo.
  /** Radius added to the delivery settings' `rayonKm` at each new round of offers (km). */
  DELIVERY_ROUND_RADIUS_STEP_KM: decimal(5, 0, 200),
  /** Rounds of offers before a delivery is left `commande` with `sansLivreur` for admins to relaunch. */
  DELIVERY_MAX_ROUNDS: integer(3, 1, 20),
  /** Online couriers offered a delivery per round, nearest first. */
  DELIVERY_OFFERS_PER_ROUND: integer(20, 1, 100),
  /** A delivery the courier proved by photo (without the buyer's code) closes as `livre` this long after, unless the buyer confirms first. */
  DELIVERY_AUTO_CLOSE_SECONDS: integer(2 * 60 * 60, 60),
  /** Queue the `deliveryRound` and `closeDelivery` tasks (off: only a direct call of their handlers runs them, as in-process tests do). */
  DELIVERY_TASKS_ENABLED: flag(true),
  /** Wrong handover codes a delivery accepts; past them code entry is locked (DELIVERY_CODE_LOCKED) and only the buyer's confirmation, a photo proof or an admin closes it. */
  DELIVERY_CODE_MAX_ATTEMPTS: integer(5, 1, 100),
  /** Deliveries a courier may hold at once (`assigne` or `en_cours`); accepting one more answers DELIVERY_COURIER_BUSY. */
  DELIVERY_MAX_ACTIVE_PER_COURIER: integer(5, 1, 100),

  // Notifications.
  /** In-app notifications are deleted this many days after they were written (TTL on `expireAt`). */
  NOTIFICATION_RETENTION_DAYS: integer(180, 1),
  /** Recipients of an admin broadcast written per task (one transaction: at most 450). */
  ADMIN_MESSAGE_PAGE_SIZE: integer(200, 1, 450),
  /** Deliver admin broadcasts through the `sendAdminMessage` task queue (off: nothing sends them but a direct call). */
  ADMIN_MESSAGE_TASKS_ENABLED: flag(true),

  // Domain events (core/events).
  /** Dispatch each event in the process that emitted it, right after its commit (tests); otherwise the `dispatchEvent` trigger does. */
  EVENTS_DISPATCH_INLINE: flag(false),
  /** Seconds a subscriber's run is leased: past it, the sweep takes the run again (its worker died). */
  EVENT_LEASE_SECONDS: integer(120, 1),
  /** Runs of a subscriber for one event before it is parked for an admin to replay. */
  EVENT_MAX_ATTEMPTS: integer(6, 1),
  /** Wait before the first retry of a failed run; doubles at each attempt. */
  EVENT_RETRY_BASE_SECONDS: integer(30, 1),
  /** Events and their runs are deleted this many days after the event (TTL on `expireAt`). */
  EVENT_RETENTION_DAYS: integer(30, 1),
  /** Documents of the realtime feeds (`users/{uid}/realtime`) are deleted after this many days (TTL on `expireAt`). */
  REALTIME_FEED_TTL_DAYS: integer(7, 1),

  // Reconciliation of the money (domains/admin/reconciliation).
  /** A payment changed less than this many minutes ago is reported `en_cours`, not as a break: its events may still be running. */
  RECONCILE_GRACE_MINUTES: integer(10, 0, 1440),
  /** Documents read per page by the reconciliation (payments, wallets, a wallet's entries). */
  RECONCILE_PAGE_SIZE: integer(200, 1, 1000),

  // Delivery zones and fees (domains/logistics/zones).
  /**
   * Delivery zones that may exist at once (creation refuses more): a point lookup, a quote and an
   * order read every active zone, so this bounds their reads.
   */
  DELIVERY_ZONES_MAX: integer(100, 1, 500),
  /** Public zone lookups and fee quotes per client IP and window of AUTH_RATE_LIMIT_WINDOW_MS. */
  DELIVERY_QUOTE_RATE_LIMIT_MAX: integer(120, 1),
  // Couriers (logistics/livreurs).
  /** A courier's location is written at most once per this many seconds; updates in between are answered, not stored. */
  LIVREUR_LOCATION_INTERVAL_SECONDS: integer(15, 1, 3600),
  /** An online courier whose last position is older than this is offered no delivery (its app died without going offline). */
  LIVREUR_POSITION_TTL_MINUTES: integer(30, 1),

  /** Check X-Firebase-AppCheck on the routes that mount the attestation check. */
  FIREBASE_APP_CHECK_ENFORCED: flag(false),
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
    if (invalid.length) throw new Error(`Invalid configuration: ${invalid.join(', ')}`);
    cached = values as Settings;
  }
  return cached;
}

/** Tests change the environment, then call this so the next `config()` reads it again. */
export function reloadConfig(): void {
  cached = undefined;
}

/** Names and defaults, for the README and the settings table test. */
export function describeSettings(): Array<{ name: string; default: unknown }> {
  return Object.entries(SETTINGS).map(([name, { fallback }]) => ({ name, default: fallback }));
}
