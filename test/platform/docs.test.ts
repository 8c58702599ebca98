/**
 * The README and docs/ (docs/README.md): "Every relative link of README.md and docs/ resolves to a file, and its
 * anchor, when it has one, to a heading of that file; every `npm run <script>` and `npm <command>` they
 * write exists in the package.json of the folder it runs in". And the README stays a five-minute read.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describeSettings } from '../../functions/src/core/config';
import { declaredErrorCodes } from '../../functions/src/core/error-codes';

const ROOT = join(__dirname, '..', '..');

/** The operations of the service's OpenAPI document, as `METHOD /path` with its `{parameters}`. */
function documentedOperations(root: string): Set<string> {
  const document = JSON.parse(readFileSync(join(root, 'openapi', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
}

/** Every `METHOD /api/...` a page writes as code that the OpenAPI document does not have (a query string aside). */
function unknownRoutes(root: string, operations: Set<string>): string[] {
  return markdownFiles(root).flatMap((file) =>
    codeOf(readFileSync(file, 'utf8'))
      .flatMap((code) => [...code.matchAll(/^(GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s?`]*)/g)])
      .map((match) => `${match[1]} ${match[2]}`)
      .filter((route) => !operations.has(route))
      .map((route) => `${relative(root, file)}: ${route}`),
  );
}

/** The "A client's walk" sections of the guides: the codes they name that no table declares. */
function unknownWalkCodes(root: string, declared: Set<string>): string[] {
  const guides = join(root, 'docs', 'guides');
  return readdirSync(guides)
    .filter((name) => name.endsWith('.md'))
    .flatMap((name) => {
      const walk = /^## A client's walk\n([\s\S]*?)(?=^## )/m.exec(readFileSync(join(guides, name), 'utf8'))?.[1] ?? '';
      return [...walk.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((match) => match[1]!).filter((code) => !declared.has(code)).map((code) => `${name}: ${code}`);
    });
}

/** npm's own commands the docs may write (`npm ci`, `npm install`): not scripts. */
const NPM_COMMANDS = new Set(['ci', 'install', 'i', 'exec', 'pack']);
/** Commands npm runs from `scripts` without `run`. */
const LIFECYCLE = new Set(['test', 'start', 'stop', 'restart']);

/** README.md and every Markdown file under docs/. */
function markdownFiles(root: string): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? under(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : []));
  return [join(root, 'README.md'), ...(existsSync(join(root, 'docs')) ? under(join(root, 'docs')) : [])];
}

/** GitHub's anchors of a Markdown file's headings: lower case, punctuation out, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCodeBlocks(text).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

function withoutCodeBlocks(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, '');
}

/** Every relative link (outside code blocks) that does not lead to a file, or to a heading of it. */
function brokenLinks(root: string): string[] {
  return markdownFiles(root).flatMap((file) =>
    [...withoutCodeBlocks(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((link) => !/^[a-z][a-z+.-]*:/i.test(link))
      .flatMap((link) => {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path ? resolve(dirname(file), decodeURI(path)) : file;
        const where = `${relative(root, file)}: ${link}`;
        if (!existsSync(target) || !statSync(target).isFile()) return [`${where} (no such file)`];
        if (anchor !== undefined && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) return [`${where} (no such heading)`];
        return [];
      }),
  );
}

/** The code a page writes: its fenced blocks and inline code spans, where commands are written. */
function codeOf(text: string): string[] {
  const blocks = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```\s*$/gm)].map((match) => match[1]!);
  const spans = [...withoutCodeBlocks(text).matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return [...blocks, ...spans];
}

/** Every `npm ...` a page writes as code that its folder's package.json does not have (`npm run <script>` is a placeholder). */
function unknownCommands(root: string): string[] {
  const scripts = (folder: string): Record<string, string> => {
    const manifest = join(root, folder, 'package.json');
    return existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {}) : {};
  };
  return markdownFiles(root).flatMap((file) =>
    codeOf(readFileSync(file, 'utf8')).flatMap((code) => [...code.matchAll(/\bnpm\s+(?:--prefix\s+(\S+)\s+)?(run\s+)?([a-z][\w:.-]*)/g)]).flatMap((match) => {
      const [text, folder = '.', run, name] = match as unknown as [string, string | undefined, string | undefined, string];
      if (!run && name === 'run') return [];
      const known = run ? name in scripts(folder) : NPM_COMMANDS.has(name) || (LIFECYCLE.has(name) && name in scripts(folder));
      return known ? [] : [`${relative(root, file)}: ${text}`];
    }),
  );
}

describe('README.md and docs/', () => {
  it('link only to files and headings that exist', () => {
    expect(markdownFiles(ROOT).length).toBeGreaterThan(20);
    expect(brokenLinks(ROOT)).toEqual([]);
  });

  it('write only npm commands that exist in the package.json of the folder they run in', () => {
    expect(unknownCommands(ROOT)).toEqual([]);
  });

  // docs/guides/README.md: "A guide's walk names routes of the OpenAPI document and codes the service declares".
  it('name only routes the OpenAPI document has, and in the guides\u2019 walks only codes or settings the service declares', () => {
    expect(unknownRoutes(ROOT, documentedOperations(ROOT))).toEqual([]);
    const names = new Set<string>([...declaredErrorCodes().map(({ code }) => code), ...describeSettings().map(({ name }) => name)]);
    expect(unknownWalkCodes(ROOT, names)).toEqual([]);
    // docs/guides/README.md: "Each guide opens with "A client's walk"".
    const guides = readdirSync(join(ROOT, 'docs', 'guides')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    expect(guides.filter((name) => !readFileSync(join(ROOT, 'docs', 'guides', name), 'utf8').includes("## A client's walk"))).toEqual([]);
    expect(guides.length).toBeGreaterThanOrEqual(12);
  });

  // docs/README.md: "The README stays within 150 lines, and its first screen (50 lines) has the two commands, a demo
  // login and the links to the guides".
  it('keep the README a five-minute read: at most 150 lines, the commands, a demo login and the guides on its first screen', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readFileSync(join(ROOT, 'docs', 'README.md'), 'utf8')).toContain('The README stays within 150 lines');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    const firstScreen = readme.split('\n').slice(0, 50).join('\n');
    for (const needed of ['npm start', 'npm test', 'Demo-2026!', '2290190000001@users.marketplace.invalid', '](docs/guides/README.md)', '](docs/guides/payments.md)']) {
      expect(firstScreen).toContain(needed);
    }
  });
});

describe('the checks catch what they are for (planted)', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-check-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ scripts: { test: 'jest', openapi: 'x' } }));
  write('functions/package.json', JSON.stringify({ scripts: { build: 'tsc' } }));
  write('docs/guides/a.md', '# A guide\n\n## Two words\n\n## Two words\n\nBack: [readme](../../README.md#the-title).\n');
  write(
    'README.md',
    [
      '# The title',
      '',
      'Fine: [guide](docs/guides/a.md), [heading](docs/guides/a.md#two-words), [again](docs/guides/a.md#two-words-1), [here](#the-title), [site](https://example.com/x).',
      'Broken: [gone](docs/gone.md), [no heading](docs/guides/a.md#three-words), [folder](docs/guides).',
      '```sh',
      'npm ci && npm test && npm run openapi && npm --prefix functions run build',
      'echo "[not a link](nowhere.md)"',
      '```',
      'Unknown: `npm run nope`, `npm start`, `npm --prefix functions run openapi`, `npm frobnicate`; prose is not a command: the npm package `x`, `npm run <script>`.',
    ].join('\n'),
  );

  it('a route the document does not have, and a code nobody declares in a walk', () => {
    write('docs/guides/walked.md', "# Walked\n\n## A client's walk\n\n1. `POST /api/things` then `GET /api/known/{id}` (`THING_GONE`, `KNOWN_CODE`).\n\n## Routes\n");
    expect(unknownRoutes(root, new Set(['GET /api/known/{id}']))).toEqual(['docs/guides/walked.md: POST /api/things']);
    expect(unknownWalkCodes(root, new Set(['KNOWN_CODE']))).toEqual(['walked.md: THING_GONE']);
  });

  it('a link to a missing file, to a missing heading and to a folder', () => {
    expect(brokenLinks(root)).toEqual([
      'README.md: docs/gone.md (no such file)',
      'README.md: docs/guides/a.md#three-words (no such heading)',
      'README.md: docs/guides (no such file)',
    ]);
  });

  it('a script missing from its folder’s package.json, a lifecycle script that is not there, and no npm command at all', () => {
    expect(unknownCommands(root)).toEqual([
      'README.md: npm run nope',
      'README.md: npm start',
      'README.md: npm --prefix functions run openapi',
      'README.md: npm frobnicate',
    ]);
  });
});
