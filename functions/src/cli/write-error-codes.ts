/**
 * npm run openapi: writes docs/error-codes.md, every error code with its HTTP status, when it is
 * answered (its doc comment in core/error-codes.ts) and its messages in French and English
 * (core/i18n). test/platform/reference-pages.test.ts fails when the file is stale or a code has no meaning.
 */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { ERROR_STATUS, type ErrorCode } from '../core/error-codes';
import { messageFor } from '../core/i18n';
import { byGroup, type Entry, objectEntries, oneLine, SRC } from './source-docs';

export const ERROR_CODES_FILE = join(__dirname, '..', '..', '..', 'docs', 'error-codes.md');
export const ERROR_CODES_SOURCE = join(SRC, 'core', 'error-codes.ts');

/** The codes as declared, in order, with their meaning and group. */
export function errorCodeEntries(): Entry[] {
  return objectEntries(ERROR_CODES_SOURCE, 'ERROR_STATUS');
}

export function errorCodesPage(entries: Entry[]): string {
  const row = ({ name, doc }: Entry) => {
    const code = name as ErrorCode;
    return `| \`${code}\` | ${ERROR_STATUS[code]} | ${oneLine(doc)} | ${oneLine(messageFor(code, 'fr'))} | ${oneLine(messageFor(code, 'en'))} |`;
  };
  const sections = byGroup(entries, 'Other').map(({ heading, entries: codes }) =>
    [`## ${heading}`, '', '| code | status | when | message (fr) | message (en) |', '|---|--:|---|---|---|', ...codes.map(row), ''].join('\n'),
  );
  return [
    '# Error codes',
    '',
    '<!-- Generated from functions/src/core/error-codes.ts and core/i18n by `npm run openapi`; do not edit. -->',
    '',
    `Every code an \`ApiError\` may carry (${entries.length}), by group: its HTTP status, when the service answers it, and`,
    'the `message` it comes with in each language (`Accept-Language`: French by default, English). A code is a',
    'contract with the clients: once published it keeps its meaning. The meaning is the doc comment of the code',
    'in `functions/src/core/error-codes.ts`, the messages are `core/i18n/fr.ts` and `en.ts`; each route lists the',
    'codes it answers in the OpenAPI document.',
    '',
    ...sections,
  ].join('\n');
}

export async function renderErrorCodes(): Promise<string> {
  return errorCodesPage(errorCodeEntries());
}

if (require.main === module) writeGenerated(ERROR_CODES_FILE, renderErrorCodes);
