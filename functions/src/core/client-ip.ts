/**
 * The caller's address, as the per-IP limits count it and the captcha check reports it. Only an
 * X-Forwarded-For entry that production's platform can be shown to write is believed
 * (docs/api-conventions.md, "Client addresses", with its sources); an entry a client wrote itself
 * must never choose its count:
 *  - Off the platform (the Functions emulator, in-process tests) nothing trustworthy was added:
 *    the socket's peer. The emulator sets K_SERVICE too, hence FUNCTIONS_EMULATOR.
 *  - Deployed: Google's front end appended the address that connected to it, the last entry.
 *    Everything left of it came from whoever connected, and is never read.
 *  - That address may be Hosting's edge (Fastly, core/hosting-edge.ts). Fastly's ranges serve all
 *    its customers, and a Fastly service writes whatever it likes left of its own address (Compute
 *    services append nothing, VCL services append nothing over plain HTTP), so the entry before an
 *    edge may be an attacker's choice. The edge address is then counted as itself: one count for
 *    every client behind that server, EDGE_ADDRESS_LIMIT_FACTOR times each per-address limit.
 * A header that is missing or does not parse falls back to the socket's peer, which at worst puts
 * several clients in one count, never one client in several.
 */
import type { Request } from 'express';
import { isIP } from 'node:net';
import { config } from './config';
import { isHostingEdge } from './hosting-edge';

/** Canonical text of an address (IPv4-mapped IPv6 as IPv4, lower case, no zone), or undefined. */
function canonical(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1];
  return isIP(value) ? value : undefined;
}

function onPlatform(): boolean {
  return Boolean(process.env.K_SERVICE) && process.env.FUNCTIONS_EMULATOR !== 'true';
}

/** The address a request is known by, and whether it is Hosting's edge rather than a client. */
export interface ClientAddress {
  address: string;
  /** An edge of Hosting's CDN: it stands for every client behind it, none of them known. */
  edge: boolean;
}

export function clientAddress(req: Request): ClientAddress {
  // The emulator's functions listen on a Unix socket: no peer address, one local client.
  const peer = canonical(req.socket.remoteAddress) ?? 'local';
  if (!onPlatform()) return { address: peer, edge: false };
  const address = canonical((req.get('x-forwarded-for') ?? '').split(',').pop());
  if (!address) return { address: peer, edge: false };
  return { address, edge: isHostingEdge(address) };
}

/** The client's own address, when the request shows one: none behind Hosting's edge. */
export function clientIp(req: Request): string | undefined {
  const { address, edge } = clientAddress(req);
  return edge ? undefined : address;
}

/** The first 64 bits of an IPv6 address: `2001:db8:0:1::/64`. */
function prefix64(address: string): string {
  const groups = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [group]));
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function ipv4Groups(dotted: string): string[] {
  const [a, b, c, d] = dotted.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

const EDGE = 'edge:';

/**
 * The count a request's address belongs to: its address; for IPv6, its /64, since a subscriber
 * holds at least a /64 and picks any address in it at will. An edge's count is marked, so that
 * `addressLimit` gives it EDGE_ADDRESS_LIMIT_FACTOR times the limit.
 */
export function rateLimitKey(req: Request): string {
  const { address, edge } = clientAddress(req);
  const key = isIP(address) === 6 ? prefix64(address) : address;
  return edge ? `${EDGE}${key}` : key;
}

/** The limit of an address's count (`rateLimitKey`): `max`, times EDGE_ADDRESS_LIMIT_FACTOR for an edge's. */
export function addressLimit(key: string, max: number): number {
  return key.startsWith(EDGE) ? max * config().EDGE_ADDRESS_LIMIT_FACTOR : max;
}
