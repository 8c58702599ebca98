/**
 * The layers of the domains (ARCHITECTURE.md, "Domain modules"), bottom first: a domain may import
 * a domain of its own layer or of a lower one, never of a higher one, and the domain graph has no
 * cycle (boundaries/domain-layers, boundaries/domain-no-cycle). A lower domain learns what a higher
 * one did through its events. Every folder of functions/src/domains is named here once: a new
 * domain is placed before it lints.
 */
export const DOMAIN_LAYERS = [
  // Vocabulary and settings every domain may use: places and telephones, prices and fees, the
  // wallet's postings, the settings; and the two routers that serve the service itself.
  ['geo', 'pricing', 'settings', 'wallet', 'health', 'docs'],
  // Who is who: profiles, roles, the captcha of registrations.
  ['identity'],
  // Telling people: notifications, pushes and their templates (read profiles and settings).
  ['notifications'],
  // Built on people and notices: one-time codes and phone proofs, sellers' and forwarders' subscriptions.
  ['account-security', 'subscriptions'],
  // What is sold and how it is paid.
  ['catalog', 'payments'],
  // Selling, moving and importing what is sold: purchases and orders, deliveries, transit journeys.
  ['commerce', 'logistics', 'transit'],
  // Built on all of the above: chat rooms about any of them, agents, the back office.
  ['chat', 'agents', 'admin'],
];

/** The layer of each domain (0 at the bottom), or undefined for a folder the list does not name. */
export const layerOf = new Map(DOMAIN_LAYERS.flatMap((domains, layer) => domains.map((domain) => [domain, layer])));
