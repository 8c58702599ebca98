/**
 * npm run openapi: writes docs/events.md, the event catalogue: every event type with what it says
 * (the doc comment of its EventCatalog member), the domain and files that emit it (the `emit` calls
 * naming it, and the state machines declaring it as their status event), its payload's fields and types (its interface), and its subscribers, by name and
 * domain, with what each does (the comment above its declaration). The subscribers are the ones
 * dispatch hands events to (src/subscribers.ts). test/platform/reference-pages.test.ts fails when the file is
 * stale, or an event, a subscriber or an emitter is missing its part.
 */
import { writeGenerated } from './write-generated';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subscriber } from '../core/events';
import { allSubscribers } from '../subscribers';
import { type DeclaredEvent, declaredEvents, domainOf, literalCalls, machineEvents, noteOf, oneLine, sourceFiles, sourcePath } from './source-docs';

export const EVENTS_FILE = join(__dirname, '..', '..', '..', 'docs', 'events.md');

export interface EmitSite {
  domain: string;
  file: string;
}

export interface SubscriberSite {
  name: string;
  on: string;
  domain: string;
  file: string;
  /** What it does: the comment above its declaration ('' when missing: the tests fail on it). */
  note: string;
}

export interface EventCatalogue {
  events: DeclaredEvent[];
  /** Where each type is emitted (`emit(tx, type, ...)`), by type. */
  emitters: Map<string, EmitSite[]>;
  /** Each subscriber dispatch knows, where its declaration is (undefined when it was not found). */
  subscribers: Array<{ subscriber: Pick<Subscriber, 'name' | 'on' | 'only'>; site: SubscriberSite | undefined }>;
}

/** The catalogue from the sources and the subscribers dispatch runs. */
export function readCatalogue(subscribers: Array<Pick<Subscriber, 'name' | 'on' | 'only'>>): EventCatalogue {
  const files = sourceFiles();
  const events = declaredEvents(files).sort((a, b) => a.type.localeCompare(b.type));
  const types = new Set(events.map(({ type }) => type));
  const calls = literalCalls(files);
  const emitters = new Map<string, EmitSite[]>();
  // An `emit(tx, type, ...)`, or a state machine's status event (core/fsm.ts emits it for the machine's file).
  const emits = calls.flatMap(({ callee, literals, file }) => (callee === 'emit' && literals[1] !== undefined ? [{ type: literals[1], file }] : []));
  for (const { type, file } of [...emits, ...machineEvents(files)]) {
    if (!types.has(type)) continue;
    const sites = emitters.get(type) ?? [];
    if (!sites.some((site) => site.file === sourcePath(file))) sites.push({ domain: domainOf(file), file: sourcePath(file) });
    emitters.set(type, sites);
  }
  // A subscriber is declared by a call naming it and its event type first: `subscriber(name, type, ...)`
  // or a domain's own helper around it (the dashboard's `counter`); a reaction to a sold type's
  // payment by payments' `onPaid(name, types, ...)`.
  const sites = new Map<string, SubscriberSite>();
  for (const { callee, literals, file, node } of calls) {
    const name = literals[0];
    const on = callee === 'onPaid' ? 'payment.succeeded' : literals[1];
    if (name === undefined || on === undefined || !types.has(on) || !subscribers.some((known) => known.name === name)) continue;
    sites.set(name, { name, on, domain: domainOf(file), file: sourcePath(file), note: noteOf(node) });
  }
  // The notifications domain's subscriber of each fact a domain tells (notifications/tell-subscribers.ts): its note names the tellers.
  const telling = files.find((file) => sourcePath(file) === 'domains/notifications/tell-subscribers.ts');
  for (const { name, on } of subscribers.filter(({ name, on }) => name === `notifications.tell.${on}`)) {
    const tellers = files.filter((file) => /^domains\/[^/]+\/tells\.ts$/.test(sourcePath(file)) && readFileSync(file, 'utf8').includes(`'${on}':`));
    const note = `Writes the notices ${tellers.map((file) => `**${domainOf(file)}** (\`${sourcePath(file)}\`)`).join(', ')} tells of it, each once.`;
    if (telling) sites.set(name, { name, on, domain: 'notifications', file: sourcePath(telling), note });
  }
  return { events, emitters, subscribers: subscribers.map((subscriber) => ({ subscriber, site: sites.get(subscriber.name) })) };
}

/** A filtered subscriber's events (dispatch runs it for those only), said before what it does. */
function filterOf(subscriber: Pick<Subscriber, 'only'>): string {
  return subscriber.only ? `(Only when \`${subscriber.only.field}\` is ${subscriber.only.values.map((value) => `\`${value}\``).join(' or ')}.)` : '';
}

function section(event: DeclaredEvent, catalogue: EventCatalogue): string {
  const emitted = catalogue.emitters.get(event.type) ?? [];
  const subscribers = catalogue.subscribers.filter(({ subscriber }) => subscriber.on === event.type);
  return [
    `## \`${event.type}\``,
    '',
    oneLine(event.doc),
    '',
    `Emitted by ${[...new Set(emitted.map(({ domain }) => `**${domain}**`))].join(', ') || '(nothing)'}: ${emitted.map(({ file }) => `\`${file}\``).join(', ') || 'no `emit` names it'}.`,
    `Declared in \`${sourcePath(event.file)}\` (\`${event.payload}\`).`,
    '',
    '| payload field | type | meaning |',
    '|---|---|---|',
    ...event.fields.map(({ name, optional, type, doc }) => `| \`${name}\`${optional ? ' (may be absent)' : ''} | \`${oneLine(type)}\` | ${oneLine(doc)} |`),
    '',
    ...(subscribers.length
      ? [
          '| subscriber | domain | what it does |',
          '|---|---|---|',
          ...subscribers.map(({ subscriber, site }) => `| \`${subscriber.name}\` | ${site?.domain ?? '?'} | ${[filterOf(subscriber), oneLine(site?.note ?? '')].filter(Boolean).join(' ')} |`),
        ]
      : ['No subscriber.']),
    '',
  ].join('\n');
}

export function eventsPage(catalogue: EventCatalogue): string {
  const summary = catalogue.events.map((event) => {
    const domains = [...new Set((catalogue.emitters.get(event.type) ?? []).map(({ domain }) => domain))].join(', ');
    const subscribers = catalogue.subscribers.filter(({ subscriber }) => subscriber.on === event.type).map(({ subscriber }) => `\`${subscriber.name}\``);
    return `| \`${event.type}\` | ${domains} | ${subscribers.join(', ')} |`;
  });
  return [
    '# Domain events',
    '',
    '<!-- Generated from the event declarations, the `emit` calls and the subscribers by `npm run openapi`; do not edit. -->',
    '',
    `Every event type of the outbox (${catalogue.events.length}) and every subscriber (${catalogue.subscribers.length}): what the event says, which`,
    'domain emits it and from where, its payload, and who reacts to it. A type and its payload are declared by',
    'the domain that emits it (`events.ts`, merged into `functions/src/core/events/catalog.ts`); the key of an',
    'event (its document is `events/{type}_{key}`) is in its description. Subscribers are the ones dispatch',
    'runs (`functions/src/subscribers.ts`); what each does is the comment above its declaration.',
    '[Architecture, "Domain events"](architecture.md#domain-events) says how events are dispatched, retried and replayed.',
    '',
    '| type | emitted by | subscribers |',
    '|---|---|---|',
    ...summary,
    '',
    ...catalogue.events.map((event) => section(event, catalogue)),
  ].join('\n');
}

export async function renderEvents(): Promise<string> {
  return eventsPage(readCatalogue(await allSubscribers()));
}

if (require.main === module) writeGenerated(EVENTS_FILE, renderEvents);
