/**
 * Swagger UI's "Try it out" on `npm start` (issue 26: "every operation of the OpenAPI document
 * carries one request and one answer example taken from a real run of the demo data ... so Swagger
 * UI's 'Try it out' starts from something that works"). The examples are recorded from the demo
 * seed (npm run examples), and the seed makes the same ids at every start (core/ids.ts counts them,
 * the demo accounts have fixed uids). So every read that names a document in its path answers, on a
 * fresh demo seed, as it answered the recording: the same status and the same document; and so do
 * the changes whose document the demo holds in the state they start from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationExample, OperationExamples } from '../../functions/src/core/openapi-examples';
import { appOfRole } from '../../functions/src/core/roles';
import { DEMO_ACCOUNTS, seedDemo } from '../../functions/src/cli/seed-demo';
import { signIn, syntheticEmailOf } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

const examples = JSON.parse(readFileSync(join(__dirname, '..', '..', 'functions', 'src', 'openapi-examples.json'), 'utf8')) as OperationExamples;

/**
 * Reads whose example cannot answer again on another start, each with why. A signed link's query
 * carries the recording's expiry and signature: an app gets a fresh one from the route that gives it.
 */
const ONLY_IN_THE_RECORDING: Record<string, string> = {
  'GET /api/upload/signed/{area}/{name}': 'a signed link (the invoice of a purchase the walk made), given by GET /api/invoices/{id}/pdf',
  'GET /api/upload/signed/{area}/{folder}/{name}': 'a signed link, given by GET /api/verification/{id}/rapport',
  'GET /api/deliveries/{id}/proof': 'a handover photo: the demo delivery is still on its way, the walk hands one over',
  'GET /api/litiges/{id}/preuves/{fichier}': 'a dispute’s photo: the demo dispute has none, the walk adds one to a dispute of its own',
};

const pathReads = Object.entries(examples).filter(([key, example]) => key.startsWith('GET ') && Object.keys(example.request.params ?? {}).length > 0 && !(key in ONLY_IN_THE_RECORDING));
const tokens = new Map<string, string>();

beforeAll(async () => {
  await resetEmulators();
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  await seedDemo();
  log.mockRestore();
  for (const account of DEMO_ACCOUNTS) {
    tokens.set(account.role, await signIn(syntheticEmailOf(account.telephone.slice(4), appOfRole(account.role)), account.password));
  }
}, 120_000);

it('lists only reads that exist, and leaves most reads to the demo data', () => {
  for (const key of Object.keys(ONLY_IN_THE_RECORDING)) expect(examples[key]?.request.params).toBeDefined();
  expect(pathReads.length).toBeGreaterThanOrEqual(30);
});

/** The path of `key` with its example's parameters. */
function pathOf(key: string, example: OperationExample): string {
  return key.slice(key.indexOf(' ') + 1).replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(example.request.params![name]));
}

/** `key`'s example sent again as its caller, on the demo data of this file's seed. */
async function sendAgain(key: string, example: OperationExample) {
  const caller = example.caller;
  // An example shown as an account the walk made (a newcomer) could not be tried as anyone on npm start.
  expect(caller === 'anonymous' || tokens.has(caller) ? caller : `${caller}, not a demo account`).toBe(caller);
  const method = key.slice(0, key.indexOf(' ')).toLowerCase() as 'get' | 'post' | 'patch';
  let request = (await api())[method](pathOf(key, example)).query(example.request.query ?? {});
  if (caller !== 'anonymous') request = request.set(bearer(tokens.get(caller)!));
  if (example.request.body !== undefined) request = request.send(example.request.body as object);
  return request.buffer(true);
}

it.each(pathReads)('%s answers on the demo data as recorded', async (key, example) => {
  const response = await sendAgain(key, example);
  const recorded = example.answer;
  expect({ status: response.status, code: response.body?.code }).toEqual({ status: recorded.status, code: undefined });
  if (recorded.contentType) {
    expect(response.headers['content-type']).toContain(recorded.contentType);
    return;
  }
  // The same document: the same id where it has one, and the same fields.
  const [now, then] = [response.body.data, (recorded.body as { data: unknown }).data];
  if (Array.isArray(then)) {
    expect(Array.isArray(now)).toBe(true);
  } else if (then && typeof then === 'object') {
    expect(Object.keys(now).sort()).toEqual(Object.keys(then).sort());
    if ('id' in then) expect(now.id).toBe((then as { id: unknown }).id);
  }
});

/**
 * docs/demo.md, "Examples in Swagger UI": "A change names the demo's document when the demo holds one in the
 * state it starts from (the tricycle call to accept, the part's stock, the inspection to accept, a
 * car's view, the dispute to take then decide), and works once". Sent once each, in this order,
 * after the reads, they answer as recorded.
 */
const DEMO_CHANGES = [
  'POST /api/tricycles/contacts/{id}/accept',
  'PATCH /api/articles/{id}/stock',
  'POST /api/verification/{id}/accepter',
  'POST /api/views/{articleId}',
  'POST /api/admin/litiges/{id}/prise',
  'POST /api/admin/litiges/{id}/decision',
];

it.each(DEMO_CHANGES)('%s works on the demo data as recorded', async (key) => {
  const example = examples[key];
  const response = await sendAgain(key, example);
  const then = (example.answer.body as { data: Record<string, unknown> }).data;
  expect({ status: response.status, code: response.body.code }).toEqual({ status: example.answer.status, code: undefined });
  // The same document, moved to the same status (or the same count answered).
  const pick = (data: Record<string, unknown>) => ({ id: data.id, statut: data.statut, stock: data.stock, counted: data.counted });
  expect(pick(response.body.data)).toEqual(pick(then));
});
