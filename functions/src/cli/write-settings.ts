/**
 * npm run openapi: writes docs/settings.md, every setting with its default and meaning (the doc
 * comments of the area files core/config.ts assembles, core/config/), the settings only the scripts read, and the secrets (core/secrets.ts)
 * with the functions that mount each. test/platform/reference-pages.test.ts fails when the file is stale or
 * a setting or secret has no meaning.
 */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { describeSettings, SCRIPT_SETTINGS } from '../core/config';
import type { SecretName } from '../core/secrets';
import { FUNCTION_GROUPS, FUNCTION_NAMES } from '../groups';
import { arrayEntries, byGroup, type Entry, objectEntries, oneLine, SRC } from './source-docs';

export const SETTINGS_FILE = join(__dirname, '..', '..', '..', 'docs', 'settings.md');
export const CONFIG_SOURCE = join(SRC, 'core', 'config.ts');
export const SECRETS_SOURCE = join(SRC, 'core', 'secrets.ts');

/** A default as the pages write it: `(none)` when the setting has none, `(empty)` for ''. */
export const defaultCell = (value: unknown) => (value === undefined ? '(none)' : value === '' ? '(empty)' : `\`${String(value)}\``);

export interface SettingsSources {
  settings: Entry[];
  scriptSettings: Entry[];
  secrets: Entry[];
}

export function settingsSources(): SettingsSources {
  return {
    settings: objectEntries(CONFIG_SOURCE, 'SETTINGS'),
    scriptSettings: objectEntries(CONFIG_SOURCE, 'SCRIPT_SETTINGS'),
    secrets: arrayEntries(SECRETS_SOURCE, 'SECRET_NAMES'),
  };
}

export function settingsPage({ settings, scriptSettings, secrets }: SettingsSources): string {
  const defaults = new Map(describeSettings().map(({ name, default: value }) => [name, value]));
  const sections = byGroup(settings, 'General').map(({ heading, notes, entries }) =>
    [
      `### ${heading}`,
      '',
      ...notes.flatMap((note) => [oneLine(note), '']),
      '| setting | default | meaning |',
      '|---|---|---|',
      ...entries.map(({ name, doc }) => `| \`${name}\` | ${defaultCell(defaults.get(name))} | ${oneLine(doc)} |`),
      '',
    ].join('\n'),
  );
  const scripts = scriptSettings.map(({ name, doc }) => {
    const { default: value, readBy } = SCRIPT_SETTINGS[name as keyof typeof SCRIPT_SETTINGS];
    return `| \`${name}\` | ${defaultCell(value)} | \`${readBy}\` | ${oneLine(doc)} |`;
  });
  const mountedBy = (secret: string) =>
    FUNCTION_NAMES.filter((name) => (FUNCTION_GROUPS[name].secrets as readonly SecretName[]).includes(secret as SecretName))
      .map((name) => `\`${name}\``)
      .join(', ') || '(none)';
  return [
    '# Settings',
    '',
    '<!-- Generated from functions/src/core/config.ts and core/secrets.ts by `npm run openapi`; do not edit. -->',
    '',
    'Settings are environment variables, read and checked once per instance (`functions/src/core/config.ts`):',
    'a bad value stops the function at its first request with the name of the setting. Each one\'s meaning is',
    'its doc comment there; [Operations, "Configuration"](operations.md#configuration) says where the values come from.',
    '',
    `## Function settings (${settings.length})`,
    '',
    ...sections,
    '## Not function settings',
    '',
    'Read from the shell by the scripts beside the emulator (`functions/src/core/config.ts`, `SCRIPT_SETTINGS`);',
    'never deployed.',
    '',
    '| setting | default | read by | meaning |',
    '|---|---|---|---|',
    ...scripts,
    '',
    '## Secrets',
    '',
    'Secret Manager secrets (`firebase functions:secrets:set NAME`; the emulator reads development values from',
    '`functions/.secret.local`), never in the `.env` files (`functions/src/core/secrets.ts`). Each function',
    'mounts and may read only its own: the HTTPS functions as below (`functions/src/groups.ts`), the jobs as',
    'their modules declare them (`functions/src/domains/<d>/module.ts`, `jobs`).',
    '',
    '| secret | HTTPS functions that mount it | meaning |',
    '|---|---|---|',
    ...secrets.map(({ name, doc }) => `| \`${name}\` | ${mountedBy(name)} | ${oneLine(doc)} |`),
    '',
  ].join('\n');
}

export async function renderSettings(): Promise<string> {
  return settingsPage(settingsSources());
}

if (require.main === module) writeGenerated(SETTINGS_FILE, renderSettings);
