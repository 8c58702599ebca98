#!/usr/bin/env node
/**
 * The deployed build (`npm run build` runs it after tsc): the `main` of functions/package.json is
 * dist/index.js, and each HTTPS function's instance reads a handful of files instead of the
 * hundreds that our modules and their packages are (resolving and reading them was most of a cold
 * start; README, Measurements). functions/lib, which tsc writes, stays for the CLI and scripts.
 *
 *   dist/index.js             src/index.ts: every export; an HTTPS function's app comes from its file
 *   dist/<name>.js            one per HTTPS function: src/app.ts with that function's routers
 *                             (src/https/<name>.ts) and everything they import
 *   dist/jobs.js              src/jobs.ts: triggers, schedules and task queues
 *   dist/subscribers.js       src/subscribers.ts: every domain's subscribers, notice templates and
 *                             tellers, loaded by the first event an instance dispatches
 *   dist/openapi-document.js  the OpenAPI document from every router (core's /api-docs.json, once)
 *   dist/cost-log.js          src/dev/cost-log.ts: required only where the emulator suite asks for
 *                             a cost log (`npm run bench:cost`), never by a deployed instance
 *
 * Every bundle reads the list of modules (src/modules.ts): each domain's manifest, plain data and
 * lazy `import()`s (src/core/module.ts). A bundle keeps only the lazy parts it runs (moduleParts,
 * below): a function's file its own routers (and, for the function that starts payments, what each
 * payment type costs), jobs.js the jobs, subscribers.js the subscribers, notices and tellers,
 * openapi-document.js the shared schemas. So a function's file holds its own domains only, as if
 * its routers were listed by hand. No bundle runs the example steps (`examples`): `npm run examples`
 * runs them from functions/lib.
 *
 * A bundle never holds another one's entry: an import of it becomes a require of that file (a
 * function's file holds its own routers, not the other functions'). The packages of the floor
 * (firebase-functions, firebase-admin, express) stay in node_modules, where the platform and the
 * tools find them; so do swagger-ui-express (it serves files from its own folder) and
 * libphonenumber-js (required on first use), and world-atlas (the borders' 750 kB of JSON, required by
 * the first presence checked, never parsed into a bundle), and @pdf-lib/fontkit (1.5 MB, required by
 * the first PDF made; the DejaVu Sans files it reads are read from their package, core/pdf-fonts.ts).
 * Everything else is bundled: our code, zod (what our code uses of it, see zodAsNamespace), helmet,
 * cors, express-rate-limit.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const functionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(functionsDir, 'src');
const dist = join(functionsDir, 'dist');

// The HTTPS functions: one file of routers each in src/https (groups.ts names them).
const { FUNCTION_NAMES } = await import(pathToFileURL(join(functionsDir, 'lib', 'groups.js')).href);

// The modules' manifests: which function mounts the payments domain's routers (it asks what each payment type costs).
const { MODULES } = await import(pathToFileURL(join(functionsDir, 'lib', 'modules.js')).href);
const PAYABLES_IN = new Set(MODULES.find((module) => module.name === 'payments').routers.map((router) => router.group));

/** The manifest parts each bundle runs: `routers:<function>` for a function's routers, else the part's name. */
const PARTS = {
  index: [],
  'cost-log': [],
  jobs: ['jobs'],
  subscribers: ['subscribers', 'notices', 'tells'],
  'openapi-document': ['schemas'],
  ...Object.fromEntries(FUNCTION_NAMES.map((name) => [name, [`routers:${name}`, ...(PAYABLES_IN.has(name) ? ['payables'] : [])]])),
};
const MANIFEST = /\/src\/domains\/[^/]+\/module\.ts$/;

/**
 * The lazy imports of a manifest (domains/<d>/module.ts), each with the part it belongs to: the
 * manifest's property it sits in (`subscribers`, `jobs`, ...), and for a router its function
 * (`routers:<group>`). A lazy import outside every part is refused: the build could not place it.
 */
function lazyImportsOf(path, source) {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      let part;
      let group;
      for (let up = node.parent; up; up = up.parent) {
        if (ts.isPropertyAssignment(up)) part = up.name.getText(file);
        if (group === undefined && ts.isObjectLiteralExpression(up)) {
          const declared = up.properties.find((property) => ts.isPropertyAssignment(property) && property.name.getText(file) === 'group');
          if (declared && ts.isStringLiteral(declared.initializer)) group = declared.initializer.text;
        }
      }
      if (!part || (part === 'routers') !== (group !== undefined)) throw new Error(`${path}: the import() at ${node.getStart(file)} is in no part of the manifest`);
      found.push({ start: node.getStart(file), end: node.getEnd(), specifier: node.arguments[0].getText(file), part: part === 'routers' ? `routers:${group}` : part });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** In bundle `self`, each manifest keeps the lazy imports of the parts `self` runs; the others answer a rejection. */
function moduleParts(self, kept) {
  return {
    name: 'module-parts',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: MANIFEST }, (args) => {
        let contents = readFileSync(args.path, 'utf8');
        const imports = lazyImportsOf(args.path, contents);
        for (const { start, end, specifier, part } of [...imports].reverse()) {
          if (PARTS[self].includes(part)) {
            kept.add(resolve(dirname(args.path), JSON.parse(specifier.replace(/'/g, '"'))));
            continue;
          }
          contents = `${contents.slice(0, start)}Promise.reject(new Error(${JSON.stringify(`${specifier} (${part}) is not in dist/${self}.js`)}))${contents.slice(end)}`;
        }
        return { contents, loader: 'ts' };
      });
    },
  };
}

const EXTERNAL_PACKAGES = ['firebase-functions', 'firebase-admin', 'express', 'swagger-ui-express', 'libphonenumber-js', 'world-atlas', '@pdf-lib/fontkit'];

/** Source module -> the bundle that holds it, for the modules that are bundles' entries. */
const SPLIT = new Map([
  ...FUNCTION_NAMES.map((name) => [join(src, 'https', `${name}.ts`), name]),
  [join(src, 'jobs.ts'), 'jobs'],
  [join(src, 'subscribers.ts'), 'subscribers'],
  [join(src, 'openapi-document.ts'), 'openapi-document'],
  [join(src, 'dev', 'cost-log.ts'), 'cost-log'],
]);

/**
 * In bundle `self`, an import of another bundle's entry stays a require of its file. The OpenAPI
 * document's bundle holds every function's routers itself: one copy of zod for the routes'
 * schemas and the generator.
 */
function splitPoints(self) {
  return {
    name: 'split-points',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData?.split) return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { split: true } });
        const owner = SPLIT.get(resolved.path);
        if (!owner || owner === self) return undefined;
        if (self === 'openapi-document' && FUNCTION_NAMES.includes(owner)) return undefined;
        return { path: `./${owner}.js`, external: true };
      });
    },
  };
}

/** index.ts builds a function's app through app.ts: in dist, through that function's file. */
const appOfEachFunction = {
  name: 'app-of-each-function',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/app$/ }, (args) =>
      args.importer === join(src, 'index.ts') ? { path: 'function-apps', namespace: 'function-apps' } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'function-apps' }, () => ({
      loader: 'js',
      contents:
        'const files = {\n' +
        FUNCTION_NAMES.map((name) => `  ${name}: () => require('./${name}.js'),\n`).join('') +
        '};\nexport const createFunctionApp = (name) => files[name]().createFunctionApp(name);\n',
    }));
    pluginBuild.onResolve({ filter: /^\.\/[\w-]+\.js$/, namespace: 'function-apps' }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * zod by its namespace: `import { z } from 'zod'` hands over zod's namespace object, which keeps
 * every export of zod in each bundle (its fifty locales included) and runs the definition of every
 * schema class at each cold start. Imported as `import * as z` from the module that namespace is
 * made of, esbuild keeps only what our code uses (zod marks its definitions pure for that): each
 * function's file is 80 to 90 KB smaller, and its cold start about 4% of the floor shorter. The
 * bundles read our sources that way; the sources stay as they are (same object, same types).
 */
const ZOD_NAMESPACE = join(functionsDir, 'node_modules', 'zod', 'v4', 'classic', 'external.js');
const zodAsNamespace = {
  name: 'zod-as-namespace',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(src)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replace(/^import \{([^}]*)\} from 'zod';$/gm, (statement, names) => {
        const others = names.split(',').map((name) => name.trim()).filter((name) => name && name !== 'z');
        if (others.length === names.split(',').filter((name) => name.trim()).length) return statement;
        return [`import * as z from 'zod';`, ...(others.length ? [`import { ${others.join(', ')} } from 'zod';`] : [])].join(' ');
      });
      return { contents, loader: 'ts' };
    });
    // Every import of zod by our code reads that module (it exports all that zod's index does).
    pluginBuild.onResolve({ filter: /^zod$/ }, (args) => (args.importer.startsWith(src) ? { path: ZOD_NAMESPACE } : undefined));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: EXTERNAL_PACKAGES,
  // Smaller files parse faster; names are kept, so that logged stack traces stay readable (the
  // cost of keeping them did not show in the measurements).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: functionsDir,
};

/**
 * What each bundle must leave to the others, checked on the result: a plugin that stopped matching
 * (a renamed import) would otherwise put every function's code into every file, silently.
 */
function checkSplit(bundle, metafile) {
  const sources = Object.keys(metafile.inputs).filter((input) => input.startsWith('src/'));
  // Every part the bundle runs is in it (the manifests' plugin matched them).
  const missing = [...keptBy[bundle]].filter((target) => ![`${target}.ts`, join(target, 'index.ts')].some((file) => sources.includes(relative(functionsDir, file))));
  if (missing.length) throw new Error(`dist/${bundle}.js lacks ${missing.join(', ')}: see moduleParts in scripts/bundle.mjs`);
  const wrong =
    bundle === 'index'
      ? sources.filter((input) => !['src/index.ts', 'src/groups.ts', 'src/core/region.ts', 'src/core/secrets.ts'].includes(input))
      : bundle === 'openapi-document'
        ? []
        : sources.filter((input) => input.startsWith('src/https/') && input !== `src/https/${bundle}.ts`);
  if (wrong.length) throw new Error(`dist/${bundle}.js holds ${wrong.join(', ')}: see splitPoints in scripts/bundle.mjs`);
  // The example steps send demo requests: a deployed instance must never hold them.
  const steps = sources.filter((input) => /^src\/(domains\/.+\/examples|core\/examples\/.+)\.ts$/.test(input));
  if (steps.length) throw new Error(`dist/${bundle}.js holds example steps ${steps.join(', ')}: see moduleParts in scripts/bundle.mjs`);
}

rmSync(dist, { recursive: true, force: true });
const bundles = ['index', 'jobs', 'subscribers', 'openapi-document', 'cost-log', ...FUNCTION_NAMES];
/** The lazy parts' targets each bundle kept (checkSplit). */
const keptBy = Object.fromEntries(bundles.map((bundle) => [bundle, new Set()]));
const parts = (bundle) => moduleParts(bundle, keptBy[bundle]);
const results = await Promise.all([
  build({ ...common, entryPoints: { index: join(src, 'index.ts') }, outdir: dist, plugins: [parts('index'), appOfEachFunction, splitPoints('index'), zodAsNamespace] }),
  build({ ...common, entryPoints: { jobs: join(src, 'jobs.ts') }, outdir: dist, plugins: [parts('jobs'), splitPoints('jobs'), zodAsNamespace] }),
  build({ ...common, entryPoints: { subscribers: join(src, 'subscribers.ts') }, outdir: dist, plugins: [parts('subscribers'), splitPoints('subscribers'), zodAsNamespace] }),
  build({ ...common, entryPoints: { 'openapi-document': join(src, 'openapi-document.ts') }, outdir: dist, plugins: [parts('openapi-document'), splitPoints('openapi-document'), zodAsNamespace] }),
  build({ ...common, entryPoints: { 'cost-log': join(src, 'dev', 'cost-log.ts') }, outdir: dist, plugins: [parts('cost-log'), splitPoints('cost-log')] }),
  ...FUNCTION_NAMES.map((name) =>
    build({
      ...common,
      // The app module, with this function's routers in the same file (and exported, as src/https/<name>.ts does).
      stdin: {
        contents: `export * from './app';\nexport { routers } from './https/${name}';\n`,
        resolveDir: src,
        sourcefile: `${name}.ts`,
        loader: 'ts',
      },
      outfile: join(dist, `${name}.js`),
      plugins: [parts(name), splitPoints(name), zodAsNamespace],
    }),
  ),
]);
results.forEach(({ metafile }, index) => checkSplit(bundles[index], metafile));
