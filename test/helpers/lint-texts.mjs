/**
 * Lints texts with the repository's own ESLint configuration, as if each were the file at its
 * path: `node test/helpers/lint-texts.mjs < cases.json` with `[{ filePath, code }]`, prints
 * `[{ filePath, messages: [{ ruleId, message, line }] }]`.
 * A separate process because ESLint loads its (ES module) configuration with import(), which
 * Jest's module sandbox does not allow.
 * Every text is linted without the type-aware rules: the boundary and cycle rules do not need
 * types, and building no TypeScript program keeps the run short.
 */
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const cases = JSON.parse(readFileSync(0, 'utf8'));
const untyped = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked },
    // With CI=true, typescript-eslint infers a "single run" (files never change while it runs) and
    // reuses what it parsed for a path: the second text linted at the same path was linted as the first.
    { files: ['**/*.ts'], languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  ],
});

const results = [];
for (const { filePath, code } of cases) {
  const [result] = await untyped.lintText(code, { filePath });
  results.push({ filePath, messages: result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })) });
}
process.stdout.write(JSON.stringify(results));
