/**
 * Which addresses are Firebase Hosting's edge. Hosting's CDN is Fastly: requests it forwards carry
 * Fastly's headers and come from Fastly's published ranges (https://api.fastly.com/public-ip-list,
 * copied here on 2026-11-22). Those ranges serve every Fastly customer, so an edge address says
 * only that some Fastly service connected, never which client it served: core/client-ip.ts counts
 * it as itself, for everyone behind it. HOSTING_EDGE_EXTRA_RANGES adds ranges should Hosting's edge
 * move, without a release.
 */
import { BlockList, isIP } from 'node:net';
import { config } from './config';

const FASTLY_RANGES = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
];

let cached: { extra: string; edges: BlockList } | undefined;

function edges(): BlockList {
  const extra = config().HOSTING_EDGE_EXTRA_RANGES;
  if (cached?.extra !== extra) {
    const list = new BlockList();
    const ranges = [...FASTLY_RANGES, ...extra.split(',').map((range) => range.trim()).filter(Boolean)];
    for (const range of ranges) {
      const [network, prefix] = range.split('/');
      list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
    }
    cached = { extra, edges: list };
  }
  return cached.edges;
}

/** `address` is a canonical IP address (client-ip.ts). */
export function isHostingEdge(address: string): boolean {
  return edges().check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
