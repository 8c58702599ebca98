/**
 * The catalog: moderation, stored files and their links, inspections, boosts and views.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { integer, text, oneOf } from './readers';

/** The local storage driver's published development key: never valid outside the emulator (core/config.ts refuses it there). */
export const DEVELOPMENT_SIGNING_KEY = 'local-development-signing-key';

export const CATALOG_SETTINGS = {
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
};
