/**
 * The boundaries of ARCHITECTURE.md fail `npm run lint` (eslint-rules/, eslint.config.mjs): each
 * planted violation is linted, with the repository's configuration, as the text of a file of the
 * tree, and must be reported by its rule and by nothing else; real files that keep the rules
 * report nothing. No emulator is needed.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

interface Linted {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number }[];
}

interface Case {
  name: string;
  filePath: string;
  code: string;
  /** Every rule that must report (sorted): the planted import breaks that rule and no other. */
  rules: string[];
}

const onDisk = (filePath: string): string => readFileSync(join(root, filePath), 'utf8');

const GEO_COUNTRIES = 'functions/src/domains/geo/countries.ts';
const GEO_ROUTES = 'functions/src/domains/geo/routes.ts';
const PUSH_ADAPTER = 'functions/src/adapters/push/local.ts';
const CORE_FILE = 'functions/src/core/clock.ts';
const PLANTED_ORDERS = 'functions/src/domains/commerce/orders/planted.ts';

const cases: Case[] = [
  // geo/schemas.ts imports geo/countries.ts: a countries.ts that imports schemas.ts closes a cycle.
  {
    name: 'a static import that closes a cycle',
    filePath: GEO_COUNTRIES,
    code: "import { GeoPoint } from './schemas';\n\nexport const point = GeoPoint;\n",
    rules: ['boundaries/no-cycle'],
  },
  {
    name: 'a cycle closed by a dynamic import()',
    filePath: GEO_COUNTRIES,
    code: "export const schemas = () => import('./schemas');\n",
    rules: ['boundaries/no-cycle'],
  },
  // Issue 35: "0 import cycles of any kind (shared types in their own files)".
  {
    name: 'a cycle closed by type-only imports (erased at run time, the two files still tied)',
    filePath: GEO_COUNTRIES,
    code: "import type { GeoPoint } from './schemas';\nimport { type TelephoneInput } from './schemas';\n\nexport type Inputs = typeof GeoPoint | typeof TelephoneInput;\n",
    rules: ['boundaries/no-cycle'],
  },
  {
    name: 'a route importing the Admin SDK',
    filePath: GEO_ROUTES,
    code: "import { getFirestore } from 'firebase-admin/firestore';\n\nexport const store = getFirestore;\n",
    rules: ['boundaries/route-no-firestore'],
  },
  {
    name: 'a route importing the Admin SDK through import()',
    filePath: GEO_ROUTES,
    code: "export const store = () => import('firebase-admin/firestore');\n",
    rules: ['boundaries/route-no-firestore'],
  },
  {
    name: 'a route importing the Firestore helpers',
    filePath: GEO_ROUTES,
    code: "import { COLLECTIONS } from '../../core/firestore';\n\nexport const names = COLLECTIONS;\n",
    rules: ['boundaries/route-no-firestore'],
  },
  {
    name: 'a route importing the database handle',
    filePath: GEO_ROUTES,
    code: "import { db } from '../../core/firebase';\n\nexport const store = db;\n",
    rules: ['boundaries/route-no-firestore'],
  },
  {
    name: 'a new file of a routes/ folder importing the Admin SDK',
    filePath: 'functions/src/domains/catalog/routes/planted.ts',
    code: "import { getApps } from 'firebase-admin/app';\n\nexport const apps = getApps;\n",
    rules: ['boundaries/route-no-firestore'],
  },
  // docs/architecture.md, "Persistence": "a domain's declaration files, which name what its code does
  // (...), import neither the Admin SDK nor the database handle and collections".
  {
    name: "a domain's manifest importing the database handle",
    filePath: 'functions/src/domains/geo/module.ts',
    code: "import { db } from '../../core/firebase';\n\nexport const store = db;\n",
    rules: ['boundaries/declaration-no-firestore'],
  },
  {
    name: "a domain's subscribers list importing the Admin SDK",
    filePath: 'functions/src/domains/catalog/subscribers.ts',
    code: "import { FieldValue } from 'firebase-admin/firestore';\n\nexport const increment = FieldValue.increment;\n",
    rules: ['boundaries/declaration-no-firestore'],
  },
  {
    name: "a state table importing the Firestore helpers",
    filePath: 'functions/src/domains/commerce/orders/state.ts',
    code: "import { COLLECTIONS } from '../../../core/firestore';\n\nexport const names = COLLECTIONS;\n",
    rules: ['boundaries/declaration-no-firestore'],
  },
  {
    name: 'an adapter importing a domain',
    filePath: PUSH_ADAPTER,
    code: "import { normalizeTelephone } from '../../domains/geo';\n\nexport const normalize = normalizeTelephone;\n",
    rules: ['boundaries/adapter-imports-core'],
  },
  {
    name: 'an adapter importing another adapter',
    filePath: PUSH_ADAPTER,
    code: "import { fileStorage } from '../storage/storage';\n\nexport const files = fileStorage;\n",
    rules: ['boundaries/adapter-imports-core'],
  },
  {
    name: 'a domain importing a file inside another domain',
    // catalog, above identity in the domain layers: the import breaks no layer, only the way in.
    filePath: 'functions/src/domains/catalog/planted.ts',
    code: "import { type UserDocument } from '../identity/model';\n\nexport type User = UserDocument;\n",
    rules: ['boundaries/domain-via-index'],
  },
  {
    name: "a domain loading another domain's service through import()",
    filePath: GEO_ROUTES,
    code: "export const settings = () => import('../settings/service');\n",
    rules: ['boundaries/domain-via-index'],
  },
  {
    name: 'core importing a domain',
    filePath: CORE_FILE,
    code: "import { GeoPoint } from '../domains/geo';\n\nexport const point = GeoPoint;\n",
    rules: ['boundaries/core-imports-core'],
  },
  {
    name: 'core importing a top-level file',
    filePath: CORE_FILE,
    code: "import type { FunctionName } from '../groups';\n\nexport type Name = FunctionName;\n",
    // groups.ts leads back to core/clock.ts through the router's types: a cycle too, type-only as it is.
    rules: ['boundaries/core-imports-core', 'boundaries/no-cycle'],
  },
  // The domain graph (eslint-rules/domain-layers.mjs): agents sits above catalog and nothing of
  // agents leads back to catalog, so only the layer rule speaks.
  {
    name: 'a domain importing a domain of a higher layer',
    filePath: 'functions/src/domains/catalog/planted.ts',
    code: "import { AGENT_TYPES } from '../agents';\n\nexport const types = AGENT_TYPES;\n",
    rules: ['boundaries/domain-layers'],
  },
  {
    name: 'a domain importing the types of a domain of a higher layer (types couple domains too)',
    filePath: 'functions/src/domains/catalog/planted.ts',
    code: "import type { AgentType } from '../agents';\n\nexport type Agent = AgentType;\n",
    rules: ['boundaries/domain-layers'],
  },
  // commerce imports logistics (a paid order's delivery): logistics importing commerce, in the same
  // layer, closes a cycle of domains, although no file cycle (nothing imports the planted file).
  {
    name: 'a domain importing a domain of its layer that imports it back',
    filePath: 'functions/src/domains/logistics/planted.ts',
    code: "import { findOrder } from '../commerce';\n\nexport const order = findOrder;\n",
    rules: ['boundaries/domain-no-cycle'],
  },
  {
    name: 'a cycle of domains closed by a type-only import',
    filePath: 'functions/src/domains/logistics/planted.ts',
    code: "import type { BusinessDocument } from '../commerce';\n\nexport type Document = BusinessDocument;\n",
    rules: ['boundaries/domain-no-cycle'],
  },
  {
    name: 'a domain folder that has no layer',
    filePath: 'functions/src/domains/planted/service.ts',
    code: "import { findOrder } from '../commerce';\n\nexport const order = findOrder;\n",
    rules: ['boundaries/domain-layers'],
  },
  // Issue 35: "an ESLint rule fails on a status field written outside a machine".
  {
    name: 'a status written by hand into a Firestore update',
    filePath: PLANTED_ORDERS,
    code: "import type { DocumentReference, Transaction } from 'firebase-admin/firestore';\nimport type { OrderStatus } from './state';\n\nexport const close = (tx: Transaction, ref: DocumentReference, to: OrderStatus) => tx.update(ref, { statut: to });\n",
    rules: ['boundaries/status-via-machine'],
  },
  {
    name: 'a status decided by a literal, away from any write',
    filePath: PLANTED_ORDERS,
    code: "export const cancelled = (id: string) => ({ id, statut: 'cancelled' as const });\n",
    rules: ['boundaries/status-via-machine'],
  },
  {
    name: 'a status decided by asking the table directly',
    filePath: PLANTED_ORDERS,
    code: "import { transition } from '../../../core/fsm';\nimport { ORDER_TRANSITIONS, type OrderStatus } from './state';\n\nexport const next = (from: OrderStatus) => ({ statut: transition(ORDER_TRANSITIONS, from, 'cancel') });\n",
    rules: ['boundaries/status-via-machine'],
  },
  {
    name: "a move through the order's machine, its answer spread into the update",
    filePath: PLANTED_ORDERS,
    code: "import type { DocumentReference, Transaction } from 'firebase-admin/firestore';\nimport { orderMachine } from './machine';\n\nexport const cancel = (tx: Transaction, ref: DocumentReference, id: string, at: Date) =>\n  tx.update(ref, { ...orderMachine.move(tx, { id, from: 'paid', event: 'cancel', at, context: { acheteur: 'a', vendeurs: [] } }) });\n",
    rules: [],
  },
  { name: "the order's machine, where its statuses are named", filePath: 'functions/src/domains/commerce/orders/machine.ts', code: onDisk('functions/src/domains/commerce/orders/machine.ts'), rules: [] },
  {
    name: "commerce's example steps, whose request bodies name the status a caller asks for",
    filePath: 'functions/src/domains/commerce/examples.ts',
    code: onDisk('functions/src/domains/commerce/examples.ts'),
    rules: [],
  },
  // Edges between domains that keep the layers without a cycle: transit reads commerce's purchases,
  // commerce tells transit through `achat.cancelled`; chat, above both, reads each context.
  { name: 'transit importing commerce, its own layer, without a way back', filePath: 'functions/src/domains/transit/service.ts', code: onDisk('functions/src/domains/transit/service.ts'), rules: [] },
  { name: 'the chat reading each context over catalog, commerce, logistics and transit', filePath: 'functions/src/domains/chat/room-sides.ts', code: onDisk('functions/src/domains/chat/room-sides.ts'), rules: [] },
  { name: 'the upload clean-up, which asks no higher domain', filePath: 'functions/src/domains/catalog/uploads/cleanup.ts', code: onDisk('functions/src/domains/catalog/uploads/cleanup.ts'), rules: [] },
  // Files that keep the rules: a route, an adapter on core only, a domain using another's index.ts.
  { name: 'the geo routes as they are', filePath: GEO_ROUTES, code: onDisk(GEO_ROUTES), rules: [] },
  { name: 'the task queue adapter as it is', filePath: 'functions/src/adapters/tasks/queue.ts', code: onDisk('functions/src/adapters/tasks/queue.ts'), rules: [] },
  {
    name: 'transit schemas importing geo through its index.ts',
    filePath: 'functions/src/domains/transit/schemas.ts',
    code: onDisk('functions/src/domains/transit/schemas.ts'),
    rules: [],
  },
];

function lintAll(): Promise<Linted[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(root, 'test/helpers/lint-texts.mjs')], { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Linted[]),
    );
    child.stdin!.end(JSON.stringify(cases.map(({ filePath, code }) => ({ filePath, code }))));
  });
}

let results: Linted[];

// One ESLint process for every case: building the TypeScript program is most of the time.
beforeAll(async () => {
  results = await lintAll();
}, 180_000);

describe('lint boundaries', () => {
  it.each(cases.map((planted, index) => [planted.name, index] as const))('%s', (_name, index) => {
    const { messages } = results[index];
    expect({ rules: [...new Set(messages.map((m) => m.ruleId))].sort(), messages }).toEqual(
      expect.objectContaining({ rules: cases[index].rules }),
    );
  });

  it('names the domains of a cycle in order, with a file that makes each step', () => {
    const index = cases.findIndex((planted) => planted.name === 'a domain importing a domain of its layer that imports it back');
    const [cycle] = results[index].messages;
    expect(cycle.message).toMatch(/^Domain cycle: logistics -> commerce \(imported by domains\/logistics\/planted\.ts\) -> logistics \(imported by domains\/commerce\/[^)]+\)\./);
  });

  it('names both layers of an upward import', () => {
    const index = cases.findIndex((planted) => planted.name === 'a domain importing a domain of a higher layer');
    expect(results[index].messages.map((m) => m.message)).toEqual([expect.stringContaining('Domain catalog (layer 5) may not import domain agents (layer 7, higher)')]);
  });

  it('names the files of a cycle in order', () => {
    const [cycle] = results[0].messages;
    expect(cycle.message).toContain(`${GEO_COUNTRIES} -> functions/src/domains/geo/schemas.ts -> ${GEO_COUNTRIES}`);
    expect(cycle.line).toBe(1);
  });
});
