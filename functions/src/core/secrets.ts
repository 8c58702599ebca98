/**
 * Secrets: declared here for deployment (`firebase functions:secrets:set NAME`), bound to the
 * functions that use them in index.ts (each HTTPS function's list is in groups.ts), and read from
 * the environment, where Cloud Functions mounts them. In the emulator they come from
 * functions/.secret.local (development values only).
 *
 * Cloud Functions mounts only the secrets a function declares, but the emulator hands every secret
 * to every function, so a function that forgot one works locally and fails deployed. To fail the
 * same way everywhere, each function runs its work inside `withSecrets(declared)`, and reading a
 * secret outside that list throws, in the emulator and in tests too. Code outside any function
 * (scripts, tests calling a service directly) has no list and reads the environment.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const SECRET_NAMES = [
  /** Key of the HMAC under which one-time codes are stored (codes themselves never are). */
  'OTP_HMAC_SECRET',
  /** WhatsApp Cloud API access token. */
  'WHATSAPP_ACCESS_TOKEN',
  /** App secret of the messaging platform: signs its webhook callbacks (`X-Hub-Signature-256`). */
  'MESSAGING_APP_SECRET',
  /** Token the messaging platform echoes in the webhook subscription handshake. */
  'MESSAGING_WEBHOOK_VERIFY_TOKEN',
  /** Server-side secret of the captcha provider. */
  'CAPTCHA_SECRET',
  /** FeexPay API token. */
  'FEEXPAY_API_TOKEN',
  /**
   * Shared secret in the query of the callback URL given to FeexPay (`/api/payments/webhook?secret=...`):
   * callbacks without it are dropped, and all of them while it is unset.
   */
  'FEEXPAY_CALLBACK_SECRET',
] as const;

export type SecretName = (typeof SECRET_NAMES)[number];

const declaredSecrets = new AsyncLocalStorage<ReadonlySet<SecretName>>();

/** Runs the work of a function that declared these secrets (and only these) for deployment. */
export function withSecrets<T>(declared: readonly SecretName[], run: () => T): T {
  return declaredSecrets.run(new Set(declared), run);
}

/** Remembers on the response which secrets the request's function declared; answers them. */
export function declareSecrets(res: { locals: Record<string, unknown> }, declared: readonly SecretName[]): readonly SecretName[] {
  res.locals.declaredSecrets = declared;
  return declared;
}

/** Runs `work` with the secrets the request's function declared, when its app said so. */
export function withRequestSecrets<T>(res: { locals: Record<string, unknown> }, work: () => T): T {
  const declared = res.locals.declaredSecrets as readonly SecretName[] | undefined;
  return declared ? withSecrets(declared, work) : work();
}

/** A secret's value, or undefined when it is not set (callers that must fail closed decide how). */
export function optionalSecret(name: SecretName): string | undefined {
  const declared = declaredSecrets.getStore();
  if (declared && !declared.has(name)) throw new UndeclaredSecretError(name);
  return process.env[name] || undefined;
}

/** A secret's value; a missing secret is a deployment mistake, answered as INTERNAL and logged. */
export function secret(name: SecretName): string {
  const value = optionalSecret(name);
  if (!value) throw new MissingSecretError(name);
  return value;
}

export class MissingSecretError extends Error {
  constructor(name: SecretName) {
    super(`Secret ${name} is not set`);
  }
}

/** Deployed, this function would not have the secret mounted: declare it in groups.ts or index.ts. */
export class UndeclaredSecretError extends Error {
  constructor(name: SecretName) {
    super(`Secret ${name} is not declared by the running function`);
  }
}
