/** The README documents every setting and every error code the service has. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSettings } from '../functions/src/core/config';
import { ERROR_STATUS } from '../functions/src/core/error-codes';
import { SECRET_NAMES } from '../functions/src/core/secrets';

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
