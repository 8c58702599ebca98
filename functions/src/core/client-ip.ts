/**
 * The caller's IP address as the platform saw it. Google's front end (and any proxy we trust)
 * appends the address it received the request from to X-Forwarded-For; whatever a client wrote
 * there itself stands further left and is ignored. TRUSTED_PROXY_HOPS says how many entries, from
 * the right, our own proxies added: the client is the leftmost of those.
 */
import type { Request } from 'express';
import { config } from './config';

export function clientIp(req: Request): string {
  const hops = config().TRUSTED_PROXY_HOPS;
  const chain = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (hops > 0 && chain.length >= hops) return chain[chain.length - hops];
  return req.socket.remoteAddress ?? 'unknown';
}
