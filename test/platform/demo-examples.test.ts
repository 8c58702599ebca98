/**
 * Swagger UI's "Try it out" on `npm start` (issue 26: "every operation of the OpenAPI document
 * carries one request and one answer example taken from a real run of the demo data ... so Swagger
 * UI's 'Try it out' starts from something that works"). The examples are recorded from the demo
 * seed (npm run examples), and the seed makes the same ids at every start (core/ids.ts counts them,
 * the demo accounts have fixed uids). So every read that names a document in its path answers, on a
 * fresh demo seed, as it answered the recording: the same status and the same document.
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
  return key.slice(4).replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(example.request.params![name]));
}

it.each(pathReads)('%s answers on the demo data as recorded', async (key, example) => {
  const caller = example.caller;
  // A read shown as an account the walk made (a newcomer) could not be tried as anyone on npm start.
  expect(caller === 'anonymous' || tokens.has(caller) ? caller : `${caller}, not a demo account`).toBe(caller);
  let request = (await api()).get(pathOf(key, example)).query(example.request.query ?? {});
  if (caller !== 'anonymous') request = request.set(bearer(tokens.get(caller)!));
  const response = await request.buffer(true);
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
