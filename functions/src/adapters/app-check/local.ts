/**
 * The emulator's and the tests' App Check: the debug tokens of APP_CHECK_DEBUG_TOKENS
 * (`token=appId,...`), each standing for the app id it names, and nothing else. A forged or unknown
 * token is refused as Firebase would refuse it, so the emulator is no more lenient than production
 * about what is sent. Never deployed: its tokens are published in the repository.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppCheckVerifier, AttestedApp } from '../../core/app-check';
import { config, debugTokenPairs } from '../../core/config';

function same(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

export class LocalAppCheckVerifier implements AppCheckVerifier {
  readonly name = 'local' as const;

  async verify(token: string): Promise<AttestedApp | undefined> {
    const match = (debugTokenPairs(config().APP_CHECK_DEBUG_TOKENS) ?? []).find(([debugToken]) => same(debugToken, token));
    return match ? { appId: match[1] } : undefined;
  }
}
