/**
 * No import cycles. A module on a cycle can run before the module it imports has finished
 * loading, and then reads `undefined`; a cycle also means neither side can change alone.
 * A cycle closed by `import()` or `require()` is still a cycle (the load order problem is only
 * postponed), and so is one closed by a type-only import: erased at run time, it still ties the two
 * files together (a shared type belongs in a file of its own, below both).
 * The file being linted is read from its AST (so a planted text is checked as written); the rest
 * of the tree from typed linting's program, or from disk.
 */
import { relative } from 'node:path';
import { allDependencies, importsOf } from './imports.mjs';

/** The shortest way from `start` back to `target`, as a list of files, or null. */
function pathBack(start, target, program) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of allDependencies(file, program)) {
      if (next === target) {
        const path = [file];
        for (let step = previous.get(file); step; step = previous.get(step)) path.unshift(step);
        return path;
      }
      if (!previous.has(next) && !next.includes('/node_modules/')) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles of any kind: dynamic and type-only imports included' },
    messages: { cycle: 'Import cycle: {{cycle}}. Break it (move the shared part down, or react to an event instead of calling back).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const typescript = context.sourceCode.parserServices?.program;
    return {
      'Program:exit'(ast) {
        for (const entry of importsOf(ast, file)) {
          if (!entry.file || entry.file === file) continue;
          const path = pathBack(entry.file, file, typescript);
          if (!path) continue;
          const cycle = [file, ...path, file].map((step) => relative(context.cwd, step)).join(' -> ');
          context.report({ node: entry.node, messageId: 'cycle', data: { cycle } });
        }
      },
    };
  },
};
