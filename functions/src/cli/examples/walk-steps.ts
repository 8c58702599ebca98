/**
 * The scripted part of the walk: the example steps every domain declares beside its routes (its
 * manifest's `examples`, its examples.ts files), run in the one order listed here, where each
 * step's ids come from earlier answers (the demo's listing, order, delivery, chat room...). Reads
 * nobody wrote a step for are tried before and after by walk-reads.ts with the ids the answers gave.
 *
 * A new operation gets its request in a step of its own domain's examples.ts; only a new step is
 * named here too, at the place in the walk where the ids it needs exist.
 */
import type { ExampleRecorder, ExampleStep, WalkContext } from '../../core/examples/walk';
import type { DomainModule } from '../../core/module';
import { MODULES } from '../../modules';

/** Every step of every domain, as `[domain, step]`, in the order the walk runs them. */
export const WALK_ORDER: ReadonlyArray<readonly [domain: string, step: string]> = [
  ['health', 'home'],
  ['geo', 'normalize'],
  ['identity', 'signUp'],
  ['account-security', 'phoneProof'],
  ['identity', 'profile'],
  ['settings', 'preferences'],
  ['identity', 'adminHand'],
  ['account-security', 'passwordReset'],
  ['account-security', 'webSession'],
  ['notifications', 'inbox'],
  ['account-security', 'messagingWebhook'],
  // The demo seller's part and car, and the walk's own listing, named in context.ids for the steps below.
  ['catalog', 'sellerListings'],
  ['commerce', 'driverRequests'],
  ['logistics', 'tricycles'],
  ['commerce', 'orders'],
  ['payments', 'otherWaysToPay'],
  ['commerce', 'vehiclePurchase'],
  ['commerce', 'invoices'],
  ['chat', 'rooms'],
  ['catalog', 'inspections'],
  ['commerce', 'fairExchange'],
  ['logistics', 'zones'],
  ['logistics', 'deliveries'],
  ['transit', 'journeys'],
  ['transit', 'reviews'],
  ['transit', 'forwarderFile'],
  ['agents', 'agentsDay'],
  ['agents', 'demoEvents'],
  ['pricing', 'priceLists'],
  ['admin', 'stats'],
  ['admin', 'documents'],
  ['admin', 'eventReplay'],
];

/** Every step the manifests declare, by `domain/step`. */
export async function declaredSteps(modules: readonly DomainModule[] = MODULES): Promise<Map<string, ExampleStep>> {
  const declared = new Map<string, ExampleStep>();
  for (const module of modules) {
    for (const [name, step] of Object.entries((await module.examples?.()) ?? {})) declared.set(`${module.name}/${name}`, step);
  }
  return declared;
}

/**
 * The steps in walk order. A step declared but not listed, or listed but not declared (or twice),
 * is a mistake refused before any request: otherwise a new step would silently never run.
 */
export async function orderedSteps(modules: readonly DomainModule[] = MODULES): Promise<ExampleStep[]> {
  const declared = await declaredSteps(modules);
  const listed = WALK_ORDER.map(([domain, step]) => `${domain}/${step}`);
  const problems = [
    ...[...declared.keys()].filter((name) => !listed.includes(name)).map((name) => `${name} is declared but not in WALK_ORDER`),
    ...listed.filter((name) => !declared.has(name)).map((name) => `${name} is in WALK_ORDER but no manifest declares it`),
    ...listed.filter((name, index) => listed.indexOf(name) !== index).map((name) => `${name} is listed twice in WALK_ORDER`),
  ];
  if (problems.length) throw new Error(`Example steps (cli/examples/walk-steps.ts):\n  ${problems.join('\n  ')}`);
  return listed.map((name) => declared.get(name)!);
}

export async function walkSteps(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  for (const step of await orderedSteps()) await step(recorder, context);
}
