/**
 * A status changes through its machine (core/fsm.ts, issue 35): the machine decides the move by its
 * table, appends the history entry and emits the status event in the caller's transaction. A status
 * written by hand skips all three, so this rule fails on the two shapes such a write takes in a
 * domain's or core's code:
 *  - a status field in an object handed straight to a Firestore write (`tx.update(ref, { statut })`,
 *    `.set`, `.create`), whatever its value: the machine's answer is spread instead (`...moved`);
 *  - a status decided in place anywhere: a literal (`statut: 'paid'`), a choice between literals, or
 *    the table asked directly (`transition(...)`, `nextState(...)`, `machine.decide(...)`).
 * The machines themselves (core/fsm.ts, each `machine.ts`) and the tables (`state.ts`) are where
 * statuses are named. A status copied from a document read (`statut: order.statut`) is not a write.
 * A domain's example steps (`examples.ts`, run by `npm run examples` only) are a client's requests:
 * a status in their bodies is the one the caller asks for, which the service's machine then decides.
 */
import { basename } from 'node:path';
import { placeOf, sourceRoot } from './layers.mjs';

const STATUS_KEY = /^(statut|status)([A-Z]\w*)?$/;
const WRITES = new Set(['set', 'update', 'create']);
const TABLE_CALLS = new Set(['transition', 'nextState']);
const MACHINE_CALLS = new Set(['decide', 'next']);
const MACHINE_FILES = new Set(['machine.ts', 'state.ts']);
const CLIENT_FILES = new Set(['examples.ts']);

function keyName(property) {
  if (property.computed) return null;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return null;
}

/** Whether an expression decides a status in place rather than copying one. */
function decides(node) {
  switch (node?.type) {
    case 'Literal':
      return typeof node.value === 'string';
    case 'TemplateLiteral':
      return true;
    case 'ConditionalExpression':
      return decides(node.consequent) || decides(node.alternate);
    case 'LogicalExpression':
      return decides(node.left) || decides(node.right);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      return decides(node.expression);
    case 'CallExpression': {
      const callee = node.callee;
      if (callee.type === 'Identifier') return TABLE_CALLS.has(callee.name);
      return callee.type === 'MemberExpression' && !callee.computed && MACHINE_CALLS.has(callee.property.name) && /machine$/i.test(callee.object.name ?? callee.object.property?.name ?? '');
    }
    default:
      return false;
  }
}

/** Whether an object literal is an argument of a Firestore write call. */
function writtenDirectly(object) {
  const call = object.parent;
  return (
    call?.type === 'CallExpression' &&
    call.arguments.includes(object) &&
    call.callee.type === 'MemberExpression' &&
    !call.callee.computed &&
    WRITES.has(call.callee.property.name)
  );
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A status changes through its machine (core/fsm.ts): never written or decided by hand' },
    messages: {
      written: '`{{key}}` is written by hand: move it through its machine (core/fsm.ts) and spread the answer (`...machine.move(tx, ...)` or `...machine.start(tx, ...)`), so the history and the status event go with it.',
      decided: '`{{key}}` is decided in place: ask its machine (`move`, `tryMove`, `start`), which keeps the table, the history and the event together.',
    },
    schema: [],
  },
  create(context) {
    const place = placeOf(sourceRoot(context), context.filename);
    if (!place || (place.layer !== 'domain' && place.layer !== 'core')) return {};
    if (place.path === 'core/fsm.ts' || MACHINE_FILES.has(basename(context.filename)) || CLIENT_FILES.has(basename(context.filename))) return {};
    return {
      Property(property) {
        const key = keyName(property);
        if (!key || !STATUS_KEY.test(key) || property.parent.type !== 'ObjectExpression') return;
        if (writtenDirectly(property.parent)) context.report({ node: property, messageId: 'written', data: { key } });
        else if (decides(property.value)) context.report({ node: property, messageId: 'decided', data: { key } });
      },
    };
  },
};
