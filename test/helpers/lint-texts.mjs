/**
 * Lints texts with the repository's own ESLint configuration, as if each were the file at its
 * path: `node test/helpers/lint-texts.mjs < cases.json` with `[{ filePath, code }]`, prints
 * `[{ filePath, messages: [{ ruleId, message, line }] }]`.
 * A separate process because ESLint loads its (ES module) configuration with import(), which
 * Jest's module sandbox does not allow.
 * A path that is not in the TypeScript project (a file that does not exist yet) is linted without
 * the type-aware rules: the boundary and cycle rules do not need types.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const cases = JSON.parse(readFileSync(0, 'utf8'));
const typed = new ESLint({ cwd: process.cwd() });
const untyped = new ESLint({ cwd: process.cwd(), overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }] });

const results = [];
for (const { filePath, code } of cases) {
  const eslint = existsSync(resolve(filePath)) ? typed : untyped;
  const [result] = await eslint.lintText(code, { filePath });
  results.push({ filePath, messages: result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })) });
}
process.stdout.write(JSON.stringify(results));
