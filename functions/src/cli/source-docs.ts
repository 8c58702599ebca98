/**
 * What the reference pages (docs/events.md, docs/error-codes.md, docs/settings.md) need from the
 * sources themselves: the doc comments beside each declaration, the payload interfaces of the event
 * catalogue, and where each event is emitted and each subscriber declared. Types and comments do
 * not exist at run time, so they are read with the TypeScript parser (syntax only: no type check,
 * so reading the whole tree takes about a second). The pages are generated from what this finds,
 * and test/platform/reference-pages.test.ts fails on a declaration without its comment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/** functions/src, from functions/src/cli (tests) or functions/lib/cli (`npm run openapi`). */
export const SRC = join(__dirname, '..', '..', 'src');

/** A path under functions/src, with `/` whatever the platform. */
export const sourcePath = (file: string) => relative(SRC, file).split(sep).join('/');

const parsed = new Map<string, ts.SourceFile>();

export function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    parsed.set(file, source);
  }
  return source;
}

/** Every `.ts` file of functions/src but the generators' own (cli/). */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'cli') ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** One line of Markdown table cell: whitespace collapsed, pipes escaped. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

interface Comment {
  kind: 'doc' | 'line' | 'block';
  text: string;
}

/** The comments before `node`, in order, with their markers removed; consecutive `//` lines are one comment. */
function commentsBefore(node: ts.Node): Comment[] {
  const text = node.getSourceFile().text;
  const comments: Array<Comment & { end: number }> = [];
  for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
    const raw = text.slice(range.pos, range.end);
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      const line = raw.replace(/^\/\/\s?/, '');
      const last = comments[comments.length - 1];
      // A `//` line right under another one continues it.
      if (last?.kind === 'line' && !text.slice(last.end, range.pos).includes('\n\n')) {
        last.text += ` ${line}`;
        last.end = range.end;
      } else comments.push({ kind: 'line', text: line, end: range.end });
    } else {
      const body = raw
        .replace(/^\/\*\*?/, '')
        .replace(/\*\/$/, '')
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, ''))
        .join(' ');
      comments.push({ kind: raw.startsWith('/**') ? 'doc' : 'block', text: body, end: range.end });
    }
  }
  return comments.map(({ kind, text: body }) => ({ kind, text: body.replace(/\s+/g, ' ').trim() }));
}

/** The doc comment (`/** ... *\/`) right before `node`, on one line; '' when it has none. */
export function docOf(node: ts.Node): string {
  const last = commentsBefore(node).at(-1);
  return last?.kind === 'doc' ? last.text : '';
}

/** What a subscriber's declaration says it does: the comment right before it, of either kind. */
export function noteOf(node: ts.Node): string {
  const last = commentsBefore(node).at(-1);
  return last && last.kind !== 'block' ? last.text : '';
}

/** The `//` line that opens a run of entries (a group), when `node` starts one. */
function groupOf(node: ts.Node): string | undefined {
  return commentsBefore(node).find((comment) => comment.kind === 'line')?.text;
}

/** The initializer of `const name = ...` in `file`, without its `as const`. */
function initializerOf(file: string, name: string): ts.Expression {
  for (const statement of parse(file).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
        let value = declaration.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
        return value;
      }
    }
  }
  throw new Error(`${sourcePath(file)}: no const ${name}`);
}

export interface Entry {
  name: string;
  /** Its doc comment ('' when missing: the tests fail on it). */
  doc: string;
  /** The `//` line above the run of entries it belongs to ('' before the first). */
  group: string;
}

/**
 * The properties of the object literal `const name = { ... }` in `file`, in order, with their comments;
 * a spread of an imported object (`...GENERAL_SETTINGS`) stands for that object's properties, read
 * in its own file, so declarations split by area read as one list.
 */
export function objectEntries(file: string, name: string): Entry[] {
  const value = initializerOf(file, name);
  if (!ts.isObjectLiteralExpression(value)) throw new Error(`${sourcePath(file)}: ${name} is not an object literal`);
  let group = '';
  return value.properties.flatMap((property) => {
    if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) return objectEntries(importedFrom(file, property.expression.text), property.expression.text);
    if (!property.name || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) throw new Error(`${sourcePath(file)}: ${name} has a computed key`);
    group = groupOf(property) ?? group;
    return { name: property.name.text, doc: docOf(property), group };
  });
}

/** The file that `file` imports `name` from, by a relative path. */
function importedFrom(file: string, name: string): string {
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.name.text === name)) return join(dirname(file), `${statement.moduleSpecifier.text}.ts`);
  }
  throw new Error(`${sourcePath(file)}: ${name} is not imported by a relative path`);
}

/** The string literals of the array `const name = [ ... ]` in `file`, in order, with their comments. */
export function arrayEntries(file: string, name: string): Entry[] {
  const value = initializerOf(file, name);
  if (!ts.isArrayLiteralExpression(value)) throw new Error(`${sourcePath(file)}: ${name} is not an array literal`);
  let group = '';
  return value.elements.map((element) => {
    if (!ts.isStringLiteral(element)) throw new Error(`${sourcePath(file)}: ${name} holds something other than strings`);
    group = groupOf(element) ?? group;
    return { name: element.text, doc: docOf(element), group };
  });
}

/** A group's heading: its comment up to the first `(`, `:`, `,` or `.`. */
export const headingOf = (group: string) => group.split(/ \(|[:,.]/)[0].trim();

/** Entries by group, in the order the groups first appear (a group named twice is one). */
export function byGroup<T extends { group: string }>(entries: T[], first: string): Array<{ heading: string; notes: string[]; entries: T[] }> {
  const groups = new Map<string, { heading: string; notes: string[]; entries: T[] }>();
  for (const entry of entries) {
    const heading = entry.group ? headingOf(entry.group) : first;
    const group = groups.get(heading) ?? { heading, notes: [], entries: [] };
    // The comment in full when it says more than its heading (the why of a run of settings).
    if (entry.group && entry.group.replace(/\.$/, '') !== heading && !group.notes.includes(entry.group)) group.notes.push(entry.group);
    group.entries.push(entry);
    groups.set(heading, group);
  }
  return [...groups.values()];
}

export interface PayloadField {
  name: string;
  optional: boolean;
  /** The type as written in the declaration. */
  type: string;
  doc: string;
}

export interface DeclaredEvent {
  type: string;
  doc: string;
  /** The file whose `declare module` adds it to the EventCatalog. */
  file: string;
  /** The payload's interface, declared in the same file. */
  payload: string;
  fields: PayloadField[];
}

/** Every member of the EventCatalog, as each file that merges into it declares it. */
export function declaredEvents(files = sourceFiles()): DeclaredEvent[] {
  const events: DeclaredEvent[] = [];
  for (const file of files) {
    const source = parse(file);
    for (const statement of source.statements) {
      if (!ts.isModuleDeclaration(statement) || !ts.isStringLiteral(statement.name) || !/(^|\/)events\/catalog$/.test(statement.name.text)) continue;
      if (!statement.body || !ts.isModuleBlock(statement.body)) continue;
      for (const catalog of statement.body.statements) {
        if (!ts.isInterfaceDeclaration(catalog) || catalog.name.text !== 'EventCatalog') continue;
        for (const member of catalog.members) {
          if (!ts.isPropertySignature(member) || !member.name || !ts.isStringLiteral(member.name)) throw new Error(`${sourcePath(file)}: an EventCatalog member that is not a quoted type`);
          if (!member.type || !ts.isTypeReferenceNode(member.type) || !ts.isIdentifier(member.type.typeName)) throw new Error(`${sourcePath(file)}: ${member.name.text}'s payload is not a named interface`);
          const payload = member.type.typeName.text;
          events.push({ type: member.name.text, doc: docOf(member), file, payload, fields: fieldsOf(source, payload) });
        }
      }
    }
  }
  return events;
}

function fieldsOf(source: ts.SourceFile, name: string): PayloadField[] {
  const declaration = source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === name);
  if (!declaration) throw new Error(`${sourcePath(source.fileName)}: the payload ${name} is not an interface of that file`);
  return declaration.members.map((member) => {
    if (!ts.isPropertySignature(member) || !member.name || !ts.isIdentifier(member.name) || !member.type) throw new Error(`${sourcePath(source.fileName)}: ${name} has a member that is not a plain field`);
    return { name: member.name.text, optional: Boolean(member.questionToken), type: member.type.getText(source).replace(/\s+/g, ' '), doc: docOf(member) };
  });
}

/** A call whose first arguments are string literals, as `emit(tx, 'order.paid', ...)` or `subscriber('name', 'order.paid', ...)`. */
export interface LiteralCall {
  callee: string;
  /** The string literal arguments, by position (undefined where an argument is something else). */
  literals: Array<string | undefined>;
  file: string;
  node: ts.CallExpression;
}

/** Every call in `files` with at least one string literal argument. */
export function literalCalls(files = sourceFiles()): LiteralCall[] {
  const calls: LiteralCall[] = [];
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const literals = node.arguments.map((argument) => (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument) ? argument.text : undefined));
        const callee = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : '';
        if (callee && literals.some((literal) => literal !== undefined)) calls.push({ callee, literals, file, node });
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return calls;
}

/** The status events the state machines declare: `stateMachine({ ..., statusEvent: { type: 'order.status_changed', ... } })` (core/fsm.ts emits them). */
export function machineEvents(files = sourceFiles()): Array<{ type: string; file: string }> {
  const found: Array<{ type: string; file: string }> = [];
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find((member): member is ts.PropertyAssignment => ts.isPropertyAssignment(member) && ts.isIdentifier(member.name) && member.name.text === name)?.initializer;
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'stateMachine' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        const statusEvent = property(node.arguments[0], 'statusEvent');
        const type = statusEvent && ts.isObjectLiteralExpression(statusEvent) ? property(statusEvent, 'type') : undefined;
        if (type && ts.isStringLiteral(type)) found.push({ type: type.text, file });
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return found;
}

/** The domain a source file belongs to: its folder under domains/, or the top folder (core...). */
export function domainOf(file: string): string {
  const parts = sourcePath(file).split('/');
  return parts[0] === 'domains' ? parts[1] : parts.length > 1 ? parts[0] : 'src';
}
