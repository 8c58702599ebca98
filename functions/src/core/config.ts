/**
 * Every setting of the service, typed, with its default.
 *
 * Values come from the environment: Firebase loads `functions/.env`, `.env.<project>` and, in the
 * emulator, `.env.local` into it (the params mechanism of Cloud Functions). Secrets are declared
 * with `defineSecret` by the adapter that needs them and never appear here.
 * The spec's setting names are kept as they are.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const integer = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** Cloud Functions (and its emulator) name the running function; scripts and tests do not. */
const runsAsFunction = () => Boolean(process.env.K_SERVICE || process.env.FUNCTION_TARGET);

/** `a.b.c.d/n` or `x::/n`. */
function isCidr(range: string): boolean {
  const [network = '', prefix = '', ...rest] = range.split('/');
  const family = isIP(network);
  return rest.length === 0 && family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const settingsSchema = z.object({
  /** Name and version reported by the health check. */
  SERVICE_NAME: z.string().min(1).default('vehicle-marketplace'),
  SERVICE_VERSION: z.string().min(1).default('0.1.0'),
  /** Largest accepted JSON body, in the `bytes` notation of body-parser ("1mb", "200kb"). */
  JSON_BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i).default('1mb'),
  /** Domain of the synthetic login emails built from telephone numbers. */
  AUTH_SYNTHETIC_EMAIL_DOMAIN: z.string().min(3).default('users.marketplace.invalid'),
  /** Language of messages when the request does not ask for one (`fr` or `en`). */
  DEFAULT_LANGUAGE: z.enum(['fr', 'en']).default('fr'),
  /** Page size when a list request gives none, and the largest allowed. */
  PAGINATION_DEFAULT_LIMIT: integer(20, 1),
  PAGINATION_MAX_LIMIT: integer(100, 1),
  /** Deepest position a page may start at: offsets past it are refused so no list scans without bound. */
  PAGINATION_MAX_OFFSET: integer(2000, 0),
  /** Device tokens kept per user; registering one more drops the least recently seen. */
  PUSH_TOKENS_MAX_PER_USER: integer(10, 1),
  /** Time zone of business days (journals, bonuses, invoice numbers). */
  BUSINESS_TIME_ZONE: z.string().min(1).default('Africa/Porto-Novo'),
  /** Verify that ID tokens were not revoked (one extra Auth lookup per request). */
  AUTH_CHECK_REVOKED: flag(true),
  /**
   * Address ranges (comma-separated CIDRs) of Firebase Hosting's edge besides Fastly's published
   * ones, should Hosting's edge move: behind them, the client is the address the edge reported.
   */
  HOSTING_EDGE_EXTRA_RANGES: z
    .string()
    .default('')
    .refine((value) => value.split(',').map((range) => range.trim()).filter(Boolean).every(isCidr), 'comma-separated CIDR ranges'),

  // Authentication rate limit, shared by every instance through Firestore.
  AUTH_RATE_LIMIT_ENABLED: flag(true),
  AUTH_RATE_LIMIT_MAX: integer(40, 1),
  AUTH_RATE_LIMIT_WINDOW_MS: integer(15 * 60 * 1000, 1000),
  /** Public test notifications per IP and window of AUTH_RATE_LIMIT_WINDOW_MS. */
  TEST_NOTIFICATION_RATE_LIMIT_MAX: integer(10, 1),

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

  // Messaging channel (WhatsApp Cloud API authentication template, or the local recorder).
  MESSAGING_DRIVER: z.enum(['whatsapp', 'local']).default('whatsapp'),
  WHATSAPP_API_BASE_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/).default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().default(''),
  WHATSAPP_OTP_TEMPLATE: z.string().min(1).default('password_reset_code'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('fr'),
  WHATSAPP_TIMEOUT_MS: integer(5000, 100),

  // Push notifications (FCM, or the local recorder).
  PUSH_DRIVER: z.enum(['fcm', 'local']).default('fcm'),
  /** Sends per message when FCM answers with a passing error (invalid tokens are pruned, not retried). */
  PUSH_MAX_ATTEMPTS: integer(3, 1),

  // Captcha on web registration.
  CAPTCHA_ENABLED: flag(true),
  CAPTCHA_PROVIDER: z.enum(['turnstile', 'recaptcha', 'hcaptcha']).default('turnstile'),
  /** Verification endpoint; empty means the provider's own. */
  CAPTCHA_VERIFY_URL: z.string().default(''),
  /** reCAPTCHA v3: lowest score accepted. */
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  CAPTCHA_TIMEOUT_MS: integer(3000, 100),

  // Web dashboard sessions.
  WEB_SESSION_IDLE_MINUTES: integer(30, 1),
  /** A session's idle clock is written at most this often. */
  WEB_SESSION_TOUCH_INTERVAL_MS: integer(60 * 1000, 0),

  // Catalog.
  /** `post`: listings go online at once and admins take them down; `pre`: admins approve first. */
  ARTICLE_MODERATION: z.enum(['pre', 'post']).default('post'),
  /** File storage: `local` (disk, the emulator's) or `cloud` (Cloud Storage). */
  STORAGE_DRIVER: z.enum(['local', 'cloud']).default('cloud'),
  /** Local driver: where files are written (default: the system's temporary folder). */
  STORAGE_LOCAL_DIR: z.string().default(''),
  /** Cloud driver: `public` URLs (files made public) or time-limited `signed` URLs. */
  STORAGE_URL_MODE: z.enum(['public', 'signed']).default('public'),
  /** Lifetime of signed URLs. */
  STORAGE_SIGNED_URL_TTL_MS: integer(7 * 24 * 60 * 60 * 1000, 60 * 1000),
  /** Local driver only: key of the HMAC that signs its links to private files (a development value by default). */
  STORAGE_LOCAL_SIGNING_KEY: z.string().min(16).default('local-development-signing-key'),
  /** Lifetime of the links to forwarders' identity cards handed to admins (Cloud Storage allows 7 days at most). */
  KYC_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 60 * 60).default(300),
  UPLOAD_IMAGE_MAX_BYTES: integer(10 * 1024 * 1024, 1024),
  UPLOAD_VIDEO_MAX_BYTES: integer(30 * 1024 * 1024, 1024),
  /** Advertising prices (XOF per day) until an admin sets them. */
  PUB_PRICE_SPONSORISE_PER_DAY: integer(1000, 0),
  PUB_PRICE_A_LA_UNE_PER_DAY: integer(2000, 0),
  /** Anonymous views counted per client address, listing and business day (many phones share a carrier's address). */
  VIEWS_ANONYMOUS_PER_IP_MAX: integer(10, 1),
  /** Files (photos, videos, identity cards) one user may store per business day. */
  UPLOAD_DAILY_MAX_PER_USER: integer(50, 1),
  /** A stored file nothing references is deleted this long after its upload (time to publish what it is for). */
  UPLOAD_CLEANUP_GRACE_HOURS: integer(24, 1),
  /** A referenced file is looked at again this long after (its listing may drop it). */
  UPLOAD_RECHECK_DAYS: integer(30, 1),
  /** Public video uploads per client IP and window of AUTH_RATE_LIMIT_WINDOW_MS. */
  UPLOAD_VIDEO_RATE_LIMIT_MAX: integer(10, 1),

  // Payments through FeexPay.
  FEEXPAY_BASE_URL: z.url().default('https://api.feexpay.me'),
  /** Base URL of the payment-link API (POST {base}/api/feexlink/api-create). */
  FEEXPAY_LINK_BASE_URL: z.url().default('https://api.feexpay.me'),
  FEEXPAY_SHOP_ID: z.string().default(''),
  /**
   * `SANDBOX` or `LIVE`. No default where the service runs as a function (deployed or emulated):
   * a live service that silently believed sandbox transactions would sell for nothing.
   */
  FEEXPAY_MODE: z.enum(['SANDBOX', 'LIVE']).optional(),
  /**
   * Public URL of `POST /api/payments/webhook` (for example https://<site>/api/payments/webhook),
   * given to FeexPay as the callback of payment links; the callback secret is added to its query.
   */
  FEEXPAY_CALLBACK_URL: z.union([z.literal(''), z.url()]).default(''),
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
  SELLER_PARTS_BATCH_SIZE: z.coerce.number().int().min(1).max(450).default(200),

  // Notifications.
  /** In-app notifications are deleted this many days after they were written (TTL on `expireAt`). */
  NOTIFICATION_RETENTION_DAYS: integer(180, 1),
  /** Recipients of an admin broadcast written per task (one transaction: at most 450). */
  ADMIN_MESSAGE_PAGE_SIZE: z.coerce.number().int().min(1).max(450).default(200),
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

  /** Check X-Firebase-AppCheck on the routes that mount the attestation check. */
  FIREBASE_APP_CHECK_ENFORCED: flag(false),
});

/** Settings that have a default in scripts and tests but none in a function. */
const checkedSchema = settingsSchema.superRefine((settings, context) => {
  if (runsAsFunction() && !settings.FEEXPAY_MODE) context.addIssue({ code: 'custom', path: ['FEEXPAY_MODE'], message: 'required in a function' });
});

export type Settings = z.infer<typeof settingsSchema>;

let cached: Settings | undefined;

/** Parses the environment once; a bad value stops the function at its first request, loudly. */
export function config(): Settings {
  if (!cached) {
    const parsed = checkedSchema.safeParse(process.env);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new Error(`Invalid configuration: ${fields}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change the environment, then call this so the next `config()` reads it again. */
export function reloadConfig(): void {
  cached = undefined;
}

/** Names and defaults, for the README and the settings table test. */
export function describeSettings(): Array<{ name: string; default: unknown }> {
  return Object.entries(settingsSchema.shape).map(([name, schema]) => ({
    name,
    default: (schema as z.ZodType).safeParse(undefined).data,
  }));
}
