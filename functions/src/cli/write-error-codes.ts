/**
 * npm run openapi: writes docs/error-codes.md, every error code by the table that declares it (core's
 * shared codes, then each domain's errors.ts in the modules' order), with its HTTP status, when it is
 * answered (its doc comment) and its messages in French and English. test/platform/reference-pages.test.ts
 * fails when the file is stale or a code has no meaning.
 */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { type ErrorCode, errorDeclaration } from '../core/error-codes';
import { messageFor } from '../core/i18n';
import { installErrorCodes } from '../error-codes';
import { MODULES } from '../modules';
import { byGroup, type Entry, objectEntries, oneLine, sourcePath, SRC } from './source-docs';

export const ERROR_CODES_FILE = join(__dirname, '..', '..', '..', 'docs', 'error-codes.md');

/** A table of codes as its file declares it: its owner (`core` or a domain), its file and its codes in order. */
export interface ErrorTableSource {
  owner: string;
  file: string;
  entries: Entry[];
}

/** Core's table, then each module's (its errors.ts), in the modules' order: the order the codes are installed in. */
export function errorTableSources(): ErrorTableSource[] {
  const core = join(SRC, 'core', 'error-codes.ts');
  const domains = MODULES.filter((module) => module.errors).map((module) => ({ owner: module.name, file: join(SRC, 'domains', module.name, 'errors.ts') }));
  return [{ owner: 'core', file: core, entries: objectEntries(core, 'CORE_ERRORS') }, ...domains.map(({ owner, file }) => ({ owner, file, entries: objectEntries(file, 'errors') }))];
}

/** Every code as declared, in order, with its meaning and its group within its table. */
export function errorCodeEntries(): Array<Entry & { owner: string }> {
  return errorTableSources().flatMap(({ owner, entries }) => entries.map((entry) => ({ ...entry, owner })));
}

const TABLE_HEAD = ['| code | status | when | message (fr) | message (en) |', '|---|--:|---|---|---|'];

function row({ name, doc }: Entry): string {
  const code = name as ErrorCode;
  return `| \`${code}\` | ${errorDeclaration(code)?.status} | ${oneLine(doc)} | ${oneLine(messageFor(code, 'fr'))} | ${oneLine(messageFor(code, 'en'))} |`;
}

/** A table's section: one table, or one per group where its `//` lines name groups. */
function tableSection({ owner, file, entries }: ErrorTableSource): string[] {
  const lines = [`## ${owner}`, '', `Declared in \`functions/src/${sourcePath(file)}\`.`, ''];
  for (const { heading, entries: codes } of byGroup(entries, '')) {
    if (heading) lines.push(`### ${heading}`, '');
    lines.push(...TABLE_HEAD, ...codes.map(row), '');
  }
  return lines;
}

export function errorCodesPage(tables: ErrorTableSource[]): string {
  const count = tables.reduce((sum, { entries }) => sum + entries.length, 0);
  return [
    '# Error codes',
    '',
    '<!-- Generated from functions/src/core/error-codes.ts and the domains\' errors.ts by `npm run openapi`; do not edit. -->',
    '',
    `Every code an \`ApiError\` may carry (${count}), by the table that declares it: core's, shared by every domain, then`,
    'each domain\'s. For each, its HTTP status, when the service answers it, and the `message` it comes with in each',
    'language (`Accept-Language`: French by default, English). A code is a contract with the clients: once published it',
    'keeps its meaning. The meaning is the doc comment of the code in its table, beside its status and messages; each',
    'route lists the codes it answers in the OpenAPI document.',
    '',
    ...tables.flatMap(tableSection),
  ].join('\n');
}

export async function renderErrorCodes(): Promise<string> {
  installErrorCodes();
  return errorCodesPage(errorTableSources());
}

if (require.main === module) writeGenerated(ERROR_CODES_FILE, renderErrorCodes);
