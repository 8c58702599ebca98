/**
 * The general settings: the service's name and version, request bodies, pages, the business calendar, and how
 * requests are counted by address.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer, text, oneOf, cidrList } from './readers';

export const GENERAL_SETTINGS = {
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
};
