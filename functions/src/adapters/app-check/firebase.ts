/**
 * Firebase App Check through the Admin SDK: `verifyToken` checks the token's signature against
 * Google's published keys (fetched, then cached by the SDK), its issuer, audience (this project) and
 * expiry, and answers the app id. Anything but a verified token, a key fetch that fails included, is
 * a refusal: the check fails closed. Tokens are not consumed (replay protection would cost a call
 * to the App Check backend per request and a fresh attestation per call from the apps).
 */
import type { AppCheckVerifier, AttestedApp } from '../../core/app-check';
import { adminApp } from '../../core/firebase';

export class FirebaseAppCheckVerifier implements AppCheckVerifier {
  readonly name = 'firebase' as const;

  async verify(token: string): Promise<AttestedApp | undefined> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first token, as core/firebase.ts loads the SDK
    const { getAppCheck } = require('firebase-admin/app-check') as typeof import('firebase-admin/app-check');
    try {
      const { appId } = await getAppCheck(adminApp()).verifyToken(token);
      return { appId };
    } catch {
      return undefined;
    }
  }
}
