/** The README documents every setting and every error code the service has. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSettings } from '../functions/src/core/config';
import { ERROR_STATUS } from '../functions/src/core/error-codes';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

it.each(describeSettings())('documents the setting $name with its default', ({ name, default: value }) => {
  expect(readme).toContain(`| \`${name}\` | \`${String(value)}\` |`);
});

it.each(Object.entries(ERROR_STATUS))('documents the error code %s with status %i', (code, status) => {
  expect(readme).toContain(`| \`${code}\` | ${status} |`);
});
