/**
 * The reference pages generated from the code (docs/architecture.md, "Domain events"; docs/api-conventions.md;
 * docs/operations.md, "Configuration"): docs/events.md, docs/error-codes.md and docs/settings.md are what `npm run
 * openapi` writes now, and every declaration they are made from says what it means: "`test/platform/reference-pages.test.ts`
 * fails while the page is stale or a code has no comment", "when an event has no comment or no
 * emitter, or a subscriber no comment", "a setting or secret has no comment".
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declaredEvents, literalCalls, noteOf, objectEntries } from '../../functions/src/cli/source-docs';
import { errorCodeEntries, ERROR_CODES_FILE, renderErrorCodes } from '../../functions/src/cli/write-error-codes';
import { EVENTS_FILE, readCatalogue, renderEvents } from '../../functions/src/cli/write-events';
import { renderSettings, SETTINGS_FILE, settingsSources } from '../../functions/src/cli/write-settings';
import { GUIDE_DOMAINS, GUIDES_DIR, NOT_IN_GUIDES, renderGuide, ROUTES_END, ROUTES_START, routesOf, routesTable, whoMayCall, withSection } from '../../functions/src/cli/write-guides';
import { MODULES } from '../../functions/src/modules';
import { describeSettings, SCRIPT_SETTINGS } from '../../functions/src/core/config';
import { declaredErrorCodes } from '../../functions/src/core/error-codes';
import { LANGUAGES, messageFor } from '../../functions/src/core/i18n';
import { SECRET_NAMES } from '../../functions/src/core/secrets';
import { allSubscribers } from '../../functions/src/subscribers';

const stale = 'stale: run `npm run openapi` and commit the page';
const withoutDoc = (entries: Array<{ name: string; doc: string }>) => entries.filter(({ doc }) => !doc).map(({ name }) => name);

describe('docs/error-codes.md', () => {
  it('is the page the declarations give now', async () => {
    expect({ page: readFileSync(ERROR_CODES_FILE, 'utf8') === (await renderErrorCodes()) ? 'fresh' : stale }).toEqual({ page: 'fresh' });
  });

  it('reads every code the service answers, from the table that declares it (core’s, then each domain’s), each with its meaning and a message in each language', () => {
    const entries = errorCodeEntries();
    const declared = declaredErrorCodes();
    expect(entries.map(({ name, owner }) => `${owner}:${name}`)).toEqual(declared.map(({ code, owner }) => `${owner}:${code}`));
    expect(withoutDoc(entries)).toEqual([]);
    const silent = LANGUAGES.flatMap((language) => declared.filter(({ code }) => !messageFor(code, language).trim()).map(({ code }) => `${language}:${code}`));
    expect(silent).toEqual([]);
  });

  it('groups the page by domain: a section per table, each code in its table’s section', async () => {
    const page = await renderErrorCodes();
    const sections = page.split(/^## /m).slice(1).map((section) => ({ owner: section.split('\n')[0], codes: [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]) }));
    const owners = [...new Set(declaredErrorCodes().map(({ owner }) => owner))];
    expect(sections.map(({ owner }) => owner)).toEqual(owners);
    for (const { owner, codes } of sections) expect({ owner, codes }).toEqual({ owner, codes: declaredErrorCodes().filter((code) => code.owner === owner).map(({ code }) => code) });
  });
});

describe('docs/settings.md', () => {
  it('is the page the declarations give now', async () => {
    expect({ page: readFileSync(SETTINGS_FILE, 'utf8') === (await renderSettings()) ? 'fresh' : stale }).toEqual({ page: 'fresh' });
  });

  it('reads every setting, script setting and secret, each with its meaning', () => {
    const { settings, scriptSettings, secrets } = settingsSources();
    expect(settings.map(({ name }) => name)).toEqual(describeSettings().map(({ name }) => name));
    expect(scriptSettings.map(({ name }) => name)).toEqual(Object.keys(SCRIPT_SETTINGS));
    expect(secrets.map(({ name }) => name)).toEqual([...SECRET_NAMES]);
    expect([...withoutDoc(settings), ...withoutDoc(scriptSettings), ...withoutDoc(secrets)]).toEqual([]);
  });

  it('names, for each setting the functions do not read, a script that reads it', () => {
    const unread = Object.entries(SCRIPT_SETTINGS).filter(([name, { readBy }]) => !readFileSync(join(__dirname, '..', '..', readBy), 'utf8').includes(`process.env.${name}`));
    expect(unread).toEqual([]);
    // And none of them is a function setting: the page would name it twice.
    expect(describeSettings().filter(({ name }) => name in SCRIPT_SETTINGS)).toEqual([]);
  });
});

describe('docs/events.md', () => {
  it('is the page the declarations give now', async () => {
    expect({ page: readFileSync(EVENTS_FILE, 'utf8') === (await renderEvents()) ? 'fresh' : stale }).toEqual({ page: 'fresh' });
  });

  it('has every event type with its description and emitters, and every subscriber dispatch runs with its domain and what it does', async () => {
    const subscribers = await allSubscribers();
    const catalogue = readCatalogue(subscribers);
    const types = catalogue.events.map(({ type }) => type);
    expect(types.length).toBeGreaterThan(20);
    expect(new Set(types).size).toBe(types.length);
    expect(catalogue.events.filter(({ doc }) => !doc).map(({ type }) => type)).toEqual([]);
    expect(types.filter((type) => !catalogue.emitters.get(type)?.length)).toEqual([]);
    // Every type a subscriber waits for is declared (a subscriber of nothing never runs).
    expect(subscribers.filter(({ on }) => !types.includes(on)).map(({ name }) => name)).toEqual([]);
    // Each subscriber is found where it is declared, says what it does, and is named after its domain (`domain.reaction`).
    const badly = catalogue.subscribers
      .filter(({ subscriber, site }) => !site || !site.note || site.on !== subscriber.on || site.domain !== subscriber.name.split('.')[0])
      .map(({ subscriber }) => subscriber.name);
    expect(badly).toEqual([]);
  });

  it('lists each subscriber in its event type’s section, the purchase’s delivery outcomes included', async () => {
    const page = readFileSync(EVENTS_FILE, 'utf8');
    const sectionOf = (type: string) => page.split('\n## ').find((section) => section.startsWith(`\`${type}\``)) ?? '';
    const subscribers = await allSubscribers();
    const missing = subscribers.filter(({ name, on }) => !sectionOf(on).includes(`| \`${name}\` | ${name.split('.')[0]} |`)).map(({ name }) => name);
    expect(missing).toEqual([]);
    // The two the README's old hand table had left out.
    expect(sectionOf('delivery.delivered')).toContain('| `commerce.achat_delivered` | commerce |');
    expect(sectionOf('delivery.failed')).toContain('| `commerce.achat_delivery_failed` | commerce |');
  });
});

// docs/guides/README.md: "Each ends with the domain's routes (method, path, who may call, the codes each route declares),
// written from the route declarations by `npm run openapi`; a test fails while a table is stale."
describe('docs/guides: the routes table of each guide', () => {
  it.each(Object.keys(GUIDE_DOMAINS))('%s is the table the declarations give now', async (guide) => {
    expect({ page: readFileSync(join(GUIDES_DIR, guide), 'utf8') === (await renderGuide(guide)) ? 'fresh' : stale }).toEqual({ page: 'fresh' });
  });

  it('puts every domain with routes in exactly one guide (health and docs aside), and every guide is listed in the index', () => {
    const withRoutes = MODULES.filter((module) => (module.routers ?? []).length > 0).map((module) => module.name);
    const guided = Object.values(GUIDE_DOMAINS).flat();
    expect(guided.filter((name, index) => guided.indexOf(name) !== index)).toEqual([]);
    expect(withRoutes.filter((name) => !guided.includes(name) && !NOT_IN_GUIDES.includes(name))).toEqual([]);
    expect(guided.filter((name) => !withRoutes.includes(name))).toEqual([]);
    const index = readFileSync(join(GUIDES_DIR, 'README.md'), 'utf8');
    expect(Object.keys(GUIDE_DOMAINS).filter((guide) => !index.includes(`| [${guide}](${guide}) | ${GUIDE_DOMAINS[guide]!.join(', ')} |`))).toEqual([]);
  });

  it('lists each route with who may call it and the codes it declares', async () => {
    const routes = await routesOf(['payments']);
    const table = routesTable(routes);
    expect(table).toContain('| `POST /api/payments/admin/{id}/status` | Sets a payment’s status by hand, with a reason kept in its history and in the audit trail | admin levels | `PAYMENT_NOT_FOUND`, `INVALID_TRANSITION`, `PAYMENT_FORCE_FORBIDDEN`,');
    expect(table).toContain('| `POST /api/payments/webhook` | FeexPay’s callback: the payment’s status is then asked from FeexPay, never taken from the body | anyone, no token |');
    expect(whoMayCall({ ...routes[0]!, access: 'profile', roles: ['agentCommercial'], agentTypes: ['Market_pro'] } as never)).toBe('`agentCommercial` (`Market_pro`)');
  });

  it('fails on a guide whose table was edited by hand, and refuses a guide without its markers (planted)', async () => {
    const table = routesTable(await routesOf(['wallet']));
    const fresh = withSection(`# Wallet\n\nText.\n\n${ROUTES_START}\nold\n${ROUTES_END}\n`, table, 'wallet.md');
    expect(fresh).toBe(`# Wallet\n\nText.\n\n${table}\n`);
    const edited = fresh.replace('| `GET /api/wallet/me` |', '| `GET /api/wallet/mine` |');
    expect(withSection(edited, table, 'wallet.md')).not.toBe(edited);
    expect(() => withSection('# Wallet\n\nNo table.\n', table, 'wallet.md')).toThrow('needs the markers');
    expect(() => withSection(`${ROUTES_START}\n${ROUTES_END}\n${ROUTES_START}\n${ROUTES_END}`, table, 'wallet.md')).toThrow('needs the markers');
  });
});

describe('the reader of the sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reference-pages-'));

  it('gives a declaration without its doc comment an empty meaning, which the checks above refuse', () => {
    const file = join(dir, 'codes.ts');
    writeFileSync(
      file,
      ['export const CODES = {', '  // First group', '  /** Documented. */', '  A: 1,', '  B: 2,', '  // Second group: why', '  /** Also documented. */', '  C: 3,', '} as const;'].join('\n'),
    );
    expect(objectEntries(file, 'CODES')).toEqual([
      { name: 'A', doc: 'Documented.', group: 'First group' },
      { name: 'B', doc: '', group: 'First group' },
      { name: 'C', doc: 'Also documented.', group: 'Second group: why' },
    ]);
  });

  it('finds an event declared without a comment, its payload, and a subscriber declared without one', () => {
    const file = join(dir, 'events.ts');
    writeFileSync(
      file,
      [
        'export interface Thing {',
        '  /** Its id. */',
        '  id: string;',
        '  at?: number | null;',
        '}',
        "declare module '../../core/events/catalog' {",
        '  interface EventCatalog {',
        "    'thing.done': Thing;",
        '  }',
        '}',
        'export const subscribers = [',
        "  subscriber('x.react', 'thing.done', async () => {}),",
        '  // Says what it does.',
        "  subscriber('x.other', 'thing.done', async () => {}),",
        '];',
      ].join('\n'),
    );
    expect(declaredEvents([file])).toEqual([
      {
        type: 'thing.done',
        doc: '',
        file,
        payload: 'Thing',
        fields: [
          { name: 'id', optional: false, type: 'string', doc: 'Its id.' },
          { name: 'at', optional: true, type: 'number | null', doc: '' },
        ],
      },
    ]);
    const notes = literalCalls([file]).map(({ literals, node }) => [literals[0], noteOf(node)]);
    expect(notes).toEqual([
      ['x.react', ''],
      ['x.other', 'Says what it does.'],
    ]);
  });
});
