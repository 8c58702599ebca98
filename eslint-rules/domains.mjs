/**
 * The domain graph: an edge from domain A to domain B for each import, by a file of
 * functions/src/domains/A/, of a file of functions/src/domains/B/. Type-only imports count: they
 * do not run, but a domain that names another's types changes when that domain changes, and the
 * layers are about who may change without whom (the file cycle rule, about load order, leaves
 * them out).
 * - `domain-layers`: a domain imports only domains of its own layer or lower ones (domain-layers.mjs);
 * - `domain-no-cycle`: the domain graph has no cycle, within a layer included.
 * The file being linted is read from its AST (a planted text is checked as written); the other
 * files of the domains from typed linting's program, or from disk.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { allDependencies, importsOf } from './imports.mjs';
import { layerOf } from './domain-layers.mjs';
import { placeOf, sourceRoot } from './layers.mjs';

/** The domain of a file, or null outside functions/src/domains/<d>/. */
const domainOf = (src, file) => {
  const place = placeOf(src, file);
  return place?.layer === 'domain' ? place.name : null;
};

/** The files of the domains folder, read once per lint run (a new file being linted is added from its AST). */
const listed = new Map();
function domainFiles(src) {
  if (!listed.has(src)) {
    const found = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
      }
    };
    walk(join(src, 'domains'));
    listed.set(src, found);
  }
  return listed.get(src);
}

/** The other domains each import of `file` reaches: `[{ domain, node? }]`. */
function edgesOf(src, file, imports) {
  const from = domainOf(src, file);
  return imports.map((entry) => ({ ...entry, domain: domainOf(src, entry.file) })).filter((entry) => entry.domain && entry.domain !== from);
}

/**
 * The domain graph with the linted file's own imports in place of what is on disk for it:
 * domain -> (domain -> a file that makes the edge).
 */
function domainGraph(src, file, ownEdges, program) {
  const graph = new Map();
  const add = (from, to, through) => {
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.get(from).has(to)) graph.get(from).set(to, through);
  };
  for (const other of domainFiles(src)) {
    if (other === file) continue;
    const from = domainOf(src, other);
    for (const edge of edgesOf(src, other, allDependencies(other, program).map((target) => ({ file: target })))) add(from, edge.domain, other);
  }
  const own = domainOf(src, file);
  for (const edge of ownEdges) add(own, edge.domain, file);
  return graph;
}

/** The shortest way from domain `start` back to `target`: `[{ domain, through }]`, or null. */
function pathBack(graph, start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const domain = queue.shift();
    for (const [next, through] of graph.get(domain) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, { from: domain, through });
      if (next === target) {
        const steps = [];
        for (let step = next; previous.get(step); step = previous.get(step).from) steps.unshift({ domain: step, through: previous.get(step).through });
        return steps;
      }
      queue.push(next);
    }
  }
  return null;
}

const rel = (src, file) => file.slice(src.length + 1);

/** The linted file's imports of other domains, resolved (an unresolved relative import is placed by its path). */
function ownEdges(context, src, program) {
  const file = context.filename;
  const imports = importsOf(program, file).map((entry) => ({
    ...entry,
    file: entry.file ?? (entry.specifier.startsWith('.') ? resolve(file, '..', entry.specifier) : null),
  }));
  return edgesOf(src, file, imports.filter((entry) => entry.file));
}

const domainLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'A domain imports only domains of its own layer or of lower ones (eslint-rules/domain-layers.mjs)' },
    messages: {
      upward: 'Domain {{from}} (layer {{fromLayer}}) may not import domain {{to}} (layer {{toLayer}}, higher): a lower domain learns what a higher one did through its events, or the shared part moves down.',
      undeclared: 'Domain {{domain}} has no layer: name it in eslint-rules/domain-layers.mjs (ARCHITECTURE.md, "Domain modules").',
    },
    schema: [],
  },
  create(context) {
    const src = sourceRoot(context);
    const from = domainOf(src, context.filename);
    if (!from) return {};
    return {
      'Program:exit'(program) {
        if (!layerOf.has(from)) {
          context.report({ node: program, messageId: 'undeclared', data: { domain: from } });
          return;
        }
        for (const edge of ownEdges(context, src, program)) {
          if (!layerOf.has(edge.domain)) context.report({ node: edge.node, messageId: 'undeclared', data: { domain: edge.domain } });
          else if (layerOf.get(edge.domain) > layerOf.get(from)) {
            const data = { from, to: edge.domain, fromLayer: layerOf.get(from) + 1, toLayer: layerOf.get(edge.domain) + 1 };
            context.report({ node: edge.node, messageId: 'upward', data });
          }
        }
      },
    };
  },
};

const domainNoCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'The domain graph has no cycle (type-only imports included)' },
    messages: { cycle: 'Domain cycle: {{cycle}}. Break it: the lower domain reacts to an event of the other, or the shared part moves down.' },
    schema: [],
  },
  create(context) {
    const src = sourceRoot(context);
    const file = context.filename;
    const from = domainOf(src, file);
    if (!from) return {};
    const typescript = context.sourceCode.parserServices?.program;
    return {
      'Program:exit'(program) {
        const edges = ownEdges(context, src, program);
        if (edges.length === 0) return;
        const graph = domainGraph(src, file, edges, typescript);
        for (const edge of edges) {
          const back = pathBack(graph, edge.domain, from);
          if (!back) continue;
          const steps = [`${edge.domain} (imported by ${rel(src, file)})`, ...back.map((step) => `${step.domain} (imported by ${rel(src, step.through)})`)];
          context.report({ node: edge.node, messageId: 'cycle', data: { cycle: [from, ...steps].join(' -> ') } });
        }
      },
    };
  },
};

export const rules = { 'domain-layers': domainLayers, 'domain-no-cycle': domainNoCycle };
