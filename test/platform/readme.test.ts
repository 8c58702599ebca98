/**
 * The docs (docs/operations.md, docs/api-conventions.md, docs/architecture.md, docs/guides/notifications.md)
 * and the reference pages they link to document every setting, secret, error code, notice and event
 * type the service has. The pages (docs/settings.md, docs/error-codes.md, docs/events.md) are
 * generated; test/platform/reference-pages.test.ts keeps them fresh and complete.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSettings } from '../../functions/src/core/config';
import { declaredErrorCodes } from '../../functions/src/core/error-codes';
import { SECRET_NAMES } from '../../functions/src/core/secrets';
import { allNotices } from '../../functions/src/notices';
import { allSubscribers } from '../../functions/src/subscribers';

const read = (...path: string[]) => readFileSync(join(__dirname, '..', '..', ...path), 'utf8');
const operations = read('docs', 'operations.md');
const conventions = read('docs', 'api-conventions.md');
const architecture = read('docs', 'architecture.md');
const notificationsGuide = read('docs', 'guides', 'notifications.md');
const settingsPage = read('docs', 'settings.md');
const errorCodesPage = read('docs', 'error-codes.md');
const eventsPage = read('docs', 'events.md');

// docs/operations.md, Configuration: "Every setting, with its default and its meaning, is in [`docs/settings.md`](settings.md)"
it('documents every setting with its default (docs/settings.md, linked from the Configuration section)', () => {
  expect(operations).toContain('Every setting, with its default and its meaning, is in [`docs/settings.md`](settings.md)');
  const cell = (value: unknown) => (value === undefined ? '(none)' : value === '' ? '(empty)' : `\`${String(value)}\``);
  const missing = describeSettings().filter(({ name, default: value }) => !settingsPage.includes(`| \`${name}\` | ${cell(value)} |`));
  expect(missing).toEqual([]);
});

it('documents every secret (docs/settings.md)', () => {
  expect(SECRET_NAMES.filter((name) => !settingsPage.includes(`| \`${name}\` |`))).toEqual([]);
});

// docs/api-conventions.md: "Error codes: [`docs/error-codes.md`](error-codes.md) lists every code an `ApiError` may carry"
it('documents every error code with its status (docs/error-codes.md, linked from API conventions)', () => {
  expect(conventions).toContain('Error codes: [`docs/error-codes.md`](error-codes.md) lists every code an `ApiError` may carry');
  const missing = declaredErrorCodes().filter(({ code, status }) => !errorCodesPage.includes(`| \`${code}\` | ${status} |`));
  expect(missing).toEqual([]);
});

// docs/guides/notifications.md: the table of notices, a row per type with its domain.
it('documents every notice of every domain (docs/guides/notifications.md), and src/notices.ts gathers every domain that has notices (from the modules)', async () => {
  const domainsDir = join(__dirname, '..', '..', 'functions', 'src', 'domains');
  const domains = readdirSync(domainsDir).filter((domain) => existsSync(join(domainsDir, domain, 'notices.ts')));
  const lists = await Promise.all(
    domains.map(async (domain) => ({ domain, names: Object.keys((await import(join(domainsDir, domain, 'notices'))).notices as object) })),
  );
  expect(lists.flatMap(({ names }) => names).sort()).toEqual(Object.keys(await allNotices()).sort());
  const missing = lists.flatMap(({ domain, names }) => names.filter((name) => !notificationsGuide.includes(`| \`${name}\` | ${domain} |`)));
  expect(missing).toEqual([]);
});

// docs/architecture.md, Domain events: "Event catalogue: [`docs/events.md`](events.md) gives every event type"
it('lists every event type a domain declares in the event catalogue (docs/events.md), and every counter of the dashboard among its subscribers', async () => {
  expect(architecture).toContain('Event catalogue: [`docs/events.md`](events.md) gives every event type');
  const domainsDir = join(__dirname, '..', '..', 'functions', 'src', 'domains');
  const declared = readdirSync(domainsDir)
    .filter((domain) => existsSync(join(domainsDir, domain, 'events.ts')))
    .flatMap((domain) => [...readFileSync(join(domainsDir, domain, 'events.ts'), 'utf8').matchAll(/^\s+'([a-z_]+\.[a-z_]+)': /gm)].map((match) => match[1]));
  expect(declared.length).toBeGreaterThan(10);
  expect(declared.filter((type) => !eventsPage.includes(`| \`${type}\` |`) || !eventsPage.includes(`## \`${type}\``))).toEqual([]);
  const counters = (await allSubscribers()).filter((subscriber) => subscriber.name.startsWith('admin.stats_'));
  expect(counters.length).toBeGreaterThan(5);
  expect(counters.map((subscriber) => subscriber.name).filter((name) => !eventsPage.includes(`| \`${name}\` | admin |`))).toEqual([]);
});
