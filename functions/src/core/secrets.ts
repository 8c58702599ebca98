/**
 * Secrets: declared here for deployment (`firebase functions:secrets:set NAME`), bound to the
 * functions that use them in index.ts, and read from the environment, where Cloud Functions mounts
 * them. In the emulator they come from functions/.secret.local (development values only).
 */
export const SECRET_NAMES = [
  /** Key of the HMAC under which one-time codes are stored. */
  'OTP_HMAC_SECRET',
  /** WhatsApp Cloud API access token. */
  'WHATSAPP_ACCESS_TOKEN',
  /** App secret of the messaging platform: signs its webhook callbacks (X-Hub-Signature-256). */
  'MESSAGING_APP_SECRET',
  /** Token the messaging platform echoes in the webhook verification handshake. */
  'MESSAGING_WEBHOOK_VERIFY_TOKEN',
  /** Server-side secret of the captcha provider. */
  'CAPTCHA_SECRET',
  /** FeexPay API token. */
  'FEEXPAY_API_TOKEN',
  /** Shared secret in the query of the callback URL given to FeexPay: drops forged callbacks early. */
  'FEEXPAY_CALLBACK_SECRET',
] as const;

export type SecretName = (typeof SECRET_NAMES)[number];

/** A secret's value; a missing secret is a deployment mistake, answered as INTERNAL and logged. */
export function secret(name: SecretName): string {
  const value = process.env[name];
  if (!value) throw new MissingSecretError(name);
  return value;
}

export class MissingSecretError extends Error {
  constructor(name: SecretName) {
    super(`Secret ${name} is not set`);
  }
}
