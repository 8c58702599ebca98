/**
 * The layering of ARCHITECTURE.md, one rule per boundary so that each can be relaxed for a listed
 * file without the others (eslint.config.mjs). Every import counts, `import()`, `require()` and
 * type-only imports included: each couples the importer to what it names.
 */
import { resolve } from 'node:path';
import { importsOf } from './imports.mjs';
import { placeOf, sourceRoot } from './layers.mjs';

/**
 * A rule that calls `check(source, entry, target)` for each import of a file of the source root;
 * `target` is the place of the imported file, null for a package or a file outside the root.
 * An unresolved relative import is placed by its path (TypeScript reports the missing file).
 */
function importRule({ description, message, check }) {
  return {
    meta: { type: 'problem', docs: { description }, messages: { forbidden: message }, schema: [] },
    create(context) {
      const src = sourceRoot(context);
      const source = placeOf(src, context.filename);
      if (!source) return {};
      return {
        'Program:exit'(program) {
          for (const entry of importsOf(program, context.filename)) {
            const relativeSpecifier = entry.specifier.startsWith('.');
            const file = entry.file ?? (relativeSpecifier ? resolve(context.filename, '..', entry.specifier) : null);
            const target = file ? placeOf(src, file) : null;
            const data = check(source, entry, target);
            if (data) context.report({ node: entry.node, messageId: 'forbidden', data: { specifier: entry.specifier, ...data } });
          }
        },
      };
    },
  };
}

const FIRESTORE_PACKAGES = /^(firebase-admin|@google-cloud\/firestore)(\/|$)/;
const FIRESTORE_HELPERS = /^core\/(firebase|firestore)(\.[a-z]+)?(\/|$)/;

const routeNoFirestore = importRule({
  description: 'Routes do HTTP only: no Admin SDK, no Firestore helpers',
  message: 'A route may not import `{{specifier}}`: Firestore belongs in the service or repository; the route calls the service.',
  check: (source, entry, target) =>
    source.layer === 'domain' && source.route && (FIRESTORE_PACKAGES.test(entry.specifier) || FIRESTORE_HELPERS.test(target?.path ?? '')) ? {} : null,
});

const declarationNoFirestore = importRule({
  description: "A domain's declaration files (manifest, surface, subscribers' list, notices, events, codes, state tables, schemas) touch no Firestore",
  message: 'A declaration file may not import `{{specifier}}`: it names what the domain does; reads, writes and transactions belong in the service, repository or model it points to.',
  check: (source, entry, target) =>
    source.layer === 'domain' && source.declaration && (FIRESTORE_PACKAGES.test(entry.specifier) || FIRESTORE_HELPERS.test(target?.path ?? '')) ? {} : null,
});

const INDEX = /^domains\/[^/]+(\/index(\.ts)?)?$/;

const domainViaIndex = importRule({
  description: "A domain uses another only through that domain's index.ts",
  message: "`{{specifier}}` reaches inside domain {{domain}}: import `domains/{{domain}}` (its index.ts, the public surface) instead.",
  check: (source, _entry, target) =>
    source.layer === 'domain' && target?.layer === 'domain' && target.name !== source.name && !INDEX.test(target.path) ? { domain: target.name } : null,
});

const adapterImportsCore = importRule({
  description: 'Adapters depend only on core, their own folder, the shared adapter files and packages',
  message: 'An adapter may not import `{{specifier}}`: adapters see only core, their own folder, the shared files of adapters/ and packages, so that any of them can be swapped.',
  check: (source, _entry, target) => {
    if (source.layer !== 'adapter' || !target || target.layer === 'core') return null;
    const shared = target.layer === 'adapter' && (target.name === null || target.name === source.name);
    return shared ? null : {};
  },
});

const coreImportsCore = importRule({
  description: 'core is the bottom layer: it imports only core and packages',
  message: 'core may not import `{{specifier}}`: core holds shared machinery that domains, adapters and the entry points build on, never the reverse.',
  check: (source, _entry, target) => (source.layer === 'core' && target && target.layer !== 'core' ? {} : null),
});

export const rules = {
  'route-no-firestore': routeNoFirestore,
  'declaration-no-firestore': declarationNoFirestore,
  'domain-via-index': domainViaIndex,
  'adapter-imports-core': adapterImportsCore,
  'core-imports-core': coreImportsCore,
};
