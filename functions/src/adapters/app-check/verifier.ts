/**
 * The App Check verifier of the service, chosen by APP_CHECK_DRIVER: `firebase` (the Admin SDK:
 * Google's keys, this project's apps) in production; `local` in the emulator and the tests, which
 * accepts only the debug tokens of APP_CHECK_DEBUG_TOKENS, since the Admin SDK cannot verify
 * offline. The local one never runs deployed (core/config.ts refuses it there).
 */
import type { AppCheckVerifier } from '../../core/app-check';
import { config } from '../../core/config';

export async function appCheckVerifier(): Promise<AppCheckVerifier> {
  return config().APP_CHECK_DRIVER === 'firebase' ? new (await import('./firebase')).FirebaseAppCheckVerifier() : new (await import('./local')).LocalAppCheckVerifier();
}
