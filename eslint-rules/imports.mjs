/**
 * What a file imports, for the boundary and cycle rules: every `import`, `export ... from`,
 * `import()` and `require()` with a literal specifier, resolved to a file when it is relative.
 * Dynamic imports and `require()` count like static ones: a dependency loaded later is still a
 * dependency. Type-only imports are marked, because TypeScript erases them: they join no cycle at
 * run time, but they still couple a file to what it names, so the boundary rules count them.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** @typedef {{ node: object, specifier: string, typeOnly: boolean, file: string | null }} Import */

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.js'];
const SKIPPED_KEYS = new Set(['parent', 'loc', 'range', 'tokens', 'comments']);

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names, or null for a package (or a file that does not exist). */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  return null;
}

const literal = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};

// `import { type A, type B } from 'x'` is erased whole, like `import type { A, B } from 'x'`.
const allTypes = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type');

function importOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
      return { source: node.source, typeOnly: node.importKind === 'type' || allTypes(node.specifiers, 'importKind') };
    case 'ExportNamedDeclaration':
      return node.source && { source: node.source, typeOnly: node.exportKind === 'type' || allTypes(node.specifiers, 'exportKind') };
    case 'ExportAllDeclaration':
      return { source: node.source, typeOnly: node.exportKind === 'type' };
    case 'TSImportEqualsDeclaration':
      return node.moduleReference.type === 'TSExternalModuleReference' && { source: node.moduleReference.expression, typeOnly: node.importKind === 'type' };
    case 'ImportExpression':
      return { source: node.source, typeOnly: false };
    case 'CallExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'require' && { source: node.arguments[0], typeOnly: false };
    default:
      return null;
  }
}

const cache = new WeakMap();

/** Every import of a parsed file (an ESLint AST), computed once per AST. @returns {Import[]} */
export function importsOf(ast, file) {
  if (cache.has(ast)) return cache.get(ast);
  const found = [];
  const visit = (node) => {
    const entry = importOf(node);
    const specifier = entry ? literal(entry.source) : null;
    if (specifier !== null) {
      found.push({ node: entry.source, specifier, typeOnly: entry.typeOnly, file: resolveSpecifier(file, specifier) });
    }
    for (const key of Object.keys(node)) {
      if (SKIPPED_KEYS.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach((item) => item && typeof item.type === 'string' && visit(item));
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(ast);
  cache.set(ast, found);
  return found;
}

/**
 * The specifiers that a TypeScript source file loads at run time (with `withTypes`, also those it
 * imports for types only): the same imports as above,
 * read from TypeScript's own syntax tree. The cycle rule reads the rest of the tree this way,
 * from the program that typed linting has already parsed, instead of parsing every file again.
 */
function specifiersOf(sourceFile, withTypes) {
  const found = [];
  const typeOnlyNames = (elements) => !withTypes && elements.length > 0 && elements.every((element) => element.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = !withTypes && clause && (clause.isTypeOnly || (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && typeOnlyNames(clause.namedBindings.elements)));
      if (!typeOnly) found.push(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const typeOnly = (!withTypes && node.isTypeOnly) || (node.exportClause && ts.isNamedExports(node.exportClause) && typeOnlyNames(node.exportClause.elements));
      if (!typeOnly) found.push(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (withTypes || !node.isTypeOnly) found.push(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      if (node.arguments[0]) found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.filter((node) => ts.isStringLiteralLike(node)).map((node) => node.text);
}

const parsed = { runtime: new WeakMap(), all: new WeakMap() };
const onDisk = { runtime: new Map(), all: new Map() };

/**
 * The files that a file loads at run time (type-only imports left out). `program` is typed
 * linting's TypeScript program when there is one; a file outside it is parsed from disk, once per
 * version of the file.
 */
export const runtimeDependencies = (file, program) => dependencies(file, program, false);

/** The files that a file imports, type-only imports included (the domain graph counts them). */
export const allDependencies = (file, program) => dependencies(file, program, true);

function dependencies(file, program, withTypes) {
  const kind = withTypes ? 'all' : 'runtime';
  const inProgram = program?.getSourceFile(file);
  if (inProgram) {
    if (!parsed[kind].has(inProgram)) parsed[kind].set(inProgram, resolveAll(file, specifiersOf(inProgram, withTypes)));
    return parsed[kind].get(inProgram);
  }
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = onDisk[kind].get(file);
  if (known?.modified === modified) return known.files;
  const script = /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts');
  const files = script ? resolveAll(file, specifiersOf(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest), withTypes)) : [];
  onDisk[kind].set(file, { modified, files });
  return files;
}

const resolveAll = (file, specifiers) => specifiers.map((specifier) => resolveSpecifier(file, specifier)).filter(Boolean);
