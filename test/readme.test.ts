/** The README documents every setting and every error code the service has. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSettings } from '../functions/src/core/config';
import { ERROR_STATUS } from '../functions/src/core/error-codes';
import { SECRET_NAMES } from '../functions/src/core/secrets';
import { allNotices } from '../functions/src/notices';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

it('documents every setting with its default', () => {
  const cell = (value: unknown) => (value === undefined ? '(none)' : value === '' ? '(empty)' : `\`${String(value)}\``);
  const missing = describeSettings().filter(({ name, default: value }) => !readme.includes(`| \`${name}\` | ${cell(value)} |`));
  expect(missing).toEqual([]);
});

it('documents every secret', () => {
  expect(SECRET_NAMES.filter((name) => !readme.includes(`| \`${name}\` |`))).toEqual([]);
});

it('documents every error code with its status', () => {
  const missing = Object.entries(ERROR_STATUS).filter(([code, status]) => !readme.includes(`| \`${code}\` | ${status} |`));
  expect(missing).toEqual([]);
});

it('documents every notice of every domain, and src/notices.ts registers every domain that has notices', async () => {
  const domainsDir = join(__dirname, '..', 'functions', 'src', 'domains');
  const domains = readdirSync(domainsDir).filter((domain) => existsSync(join(domainsDir, domain, 'notices.ts')));
  const lists = await Promise.all(
    domains.map(async (domain) => ({ domain, names: Object.keys((await import(join(domainsDir, domain, 'notices'))).notices as object) })),
  );
  expect(lists.flatMap(({ names }) => names).sort()).toEqual(Object.keys(await allNotices()).sort());
  const missing = lists.flatMap(({ domain, names }) => names.filter((name) => !readme.includes(`| \`${name}\` | ${domain} |`)));
  expect(missing).toEqual([]);
});

it('lists every event type a domain declares in the event catalogue, and every counter of the dashboard among its subscribers', async () => {
  const domainsDir = join(__dirname, '..', 'functions', 'src', 'domains');
  const declared = readdirSync(domainsDir)
    .filter((domain) => existsSync(join(domainsDir, domain, 'events.ts')))
    .flatMap((domain) => [...readFileSync(join(domainsDir, domain, 'events.ts'), 'utf8').matchAll(/^\s+'([a-z_]+\.[a-z_]+)': /gm)].map((match) => match[1]));
  expect(declared.length).toBeGreaterThan(10);
  expect(declared.filter((type) => !readme.includes(`| \`${type}\` |`))).toEqual([]);
  const { subscribers } = await import('../functions/src/domains/admin/stats/subscribers');
  expect(subscribers.map((subscriber) => subscriber.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
});
