// Lint of the whole repository: typescript-eslint with type information, so that promises that
// nobody awaits (a lost write, an unhandled rejection) fail the build.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/index.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'functions/lib/**',
      'functions/dist/**',
      '.cache/**',
      'openapi/**',
      'hosting/**',
      // The typed client's build, and its sources generated from openapi/openapi.json (checked by
      // test/platform/client-types.test.ts instead).
      'clients/typescript/dist/**',
      'clients/typescript/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './clients/typescript/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The code layout of ARCHITECTURE.md, enforced (eslint-rules/): routes and a domain's
    // declaration files do no Firestore (docs/architecture.md, "Persistence"), a
    // domain uses another through its index.ts, adapters see only core, core sees only itself,
    // and no import cycles anywhere (a dynamic import() counts; a type-only import does not).
    // Domains form layers (eslint-rules/domain-layers.mjs): none imports a higher one, and the
    // domain graph has no cycle (type-only imports count there: they couple domains too).
    files: ['**/*.{ts,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: { boundaries: { src: `${import.meta.dirname}/functions/src` } },
    rules: {
      'boundaries/no-cycle': 'error',
      'boundaries/route-no-firestore': 'error',
      'boundaries/declaration-no-firestore': 'error',
      'boundaries/domain-via-index': 'error',
      'boundaries/adapter-imports-core': 'error',
      'boundaries/core-imports-core': 'error',
      'boundaries/domain-layers': 'error',
      'boundaries/domain-no-cycle': 'error',
      'boundaries/status-via-machine': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['jest.config.js', 'test/setup/*.js', 'test/helpers/*.cjs', 'scripts/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
