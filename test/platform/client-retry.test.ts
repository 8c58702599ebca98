/**
 * The client's retries (clients/typescript/src/retry.ts) against a real HTTP server on the loopback:
 * a passing failure (503, 429 with Retry-After, a connection dropped before any answer) of a request
 * safe to repeat is sent again after a wait that grows exponentially with jitter, a bounded number
 * of times; a write without an Idempotency-Key is sent once. The waits are recorded, not slept.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createMarketplaceClient, type MarketplaceClient } from '../../clients/typescript/src';
import type { RetryOptions } from '../../clients/typescript/src/retry';

/** One answer of the server: a status with its headers, or a connection closed without an answer. */
type Answer = { status: number; headers?: Record<string, string> } | 'drop';

interface Received {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
/** The answers the server gives next, in order; once used up, 200. */
let script: Answer[] = [];
let received: Received[] = [];

const listing = { id: 'car1', titre: 'Toyota Corolla 2012' };
const errorBody = (status: number) => ({ success: false, code: status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', message: 'Réessayez plus tard.' });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const header = request.headers['idempotency-key'];
      received.push({ method: request.method!, path: request.url!, idempotencyKey: typeof header === 'string' ? header : undefined, body });
      const answer = script.shift() ?? { status: 200 };
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.status === 200 ? { success: true, data: [listing] } : errorBody(answer.status)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The waits the client asked for, in ms, in order. */
let waits: number[] = [];

beforeEach(() => {
  script = [];
  received = [];
  waits = [];
});

function client(retry: Partial<RetryOptions> | false = {}): MarketplaceClient {
  return createMarketplaceClient({
    baseUrl,
    getIdToken: () => undefined,
    retry: retry === false ? false : { baseDelayMs: 100, maxDelayMs: 5000, random: () => 0.5, sleep: async (ms) => void waits.push(ms), ...retry },
  });
}

const read = (api: MarketplaceClient) => api.GET('/api/public/articles', { params: { query: { type: 'voiture' } } });
const purchase = { articleId: 'car1', modeLivraison: 'consommation' as const };

it('sends a read again after 503s, waiting half of 100 then 200 ms (full jitter under a doubling ceiling), and answers the success', async () => {
  script = [{ status: 503 }, { status: 503 }];
  expect((await read(client())).data).toEqual([listing]);
  expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual(Array(3).fill('GET /api/public/articles?type=voiture'));
  expect(waits).toEqual([50, 100]);
});

it('draws each wait at random between 0 and the step’s ceiling, capped by maxDelayMs', async () => {
  script = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }];
  const draws = [0, 0.999, 0.25, 0.999];
  await read(client({ maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 3000, random: () => draws.shift()! }));
  expect(received).toHaveLength(5);
  // Ceilings 1000, 2000, 4000 -> 3000, 8000 -> 3000.
  expect(waits).toEqual([0, 1998, 750, 2997]);
});

it('waits what a 429’s Retry-After asks (seconds, or a date) instead of its own backoff', async () => {
  script = [{ status: 429, headers: { 'retry-after': '2' } }];
  expect((await read(client())).data).toEqual([listing]);
  expect(waits).toEqual([2000]);

  waits = [];
  const now = Date.parse('2026-11-29T10:00:00Z');
  script = [{ status: 429, headers: { 'retry-after': 'Sun, 29 Nov 2026 10:00:03 GMT' } }];
  expect((await read(client({ now: () => now }))).data).toEqual([listing]);
  expect(waits).toEqual([3000]);
});

it('answers a 429 at once when its Retry-After asks longer than maxDelayMs: the app shows when to come back', async () => {
  script = [{ status: 429, headers: { 'retry-after': '60' } }];
  const error = await read(client()).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  expect(received).toHaveLength(1);
  expect(waits).toEqual([]);
});

it('sends a read again when the connection drops before any answer', async () => {
  script = ['drop'];
  expect((await read(client())).data).toEqual([listing]);
  expect(received).toHaveLength(2);
  expect(waits).toEqual([50]);
});

it('stops after maxAttempts and throws the last answer as an ApiError', async () => {
  script = Array(10).fill({ status: 503 });
  const error = await read(client({ maxAttempts: 4 })).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  expect(received).toHaveLength(4);
  expect(waits).toEqual([50, 100, 200]);
});

it('sends a write without an Idempotency-Key once, whatever the answer: the first may have been done', async () => {
  script = [{ status: 503 }];
  const error = await client().POST('/api/achat', { body: purchase }).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ status: 503 });
  expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/achat']);

  received = [];
  script = ['drop'];
  // fetch's own TypeError (undici's, of the process's realm, not the test's).
  await expect(client().POST('/api/achat', { body: purchase })).rejects.toMatchObject({ name: 'TypeError' });
  expect(received).toHaveLength(1);
  expect(waits).toEqual([]);
});

it('sends a write with an Idempotency-Key again, with the same key and body', async () => {
  script = [{ status: 503 }, 'drop'];
  await client().POST('/api/achat', { body: purchase, headers: { 'Idempotency-Key': 'achat-key-0001' } });
  expect(received).toHaveLength(3);
  expect(received.map(({ method, idempotencyKey, body }) => ({ method, idempotencyKey, body: JSON.parse(body) }))).toEqual(Array(3).fill({ method: 'POST', idempotencyKey: 'achat-key-0001', body: purchase }));
});

it('gives a payment start its own key, kept across its retries', async () => {
  script = [{ status: 503 }];
  await client().POST('/api/payments/requesttopay/{network}', {
    params: { path: { network: 'MTN' } },
    body: { type: 'achat', montant: 500_000, metadata: { achatId: 'a1' }, telephone: '+2290197000005' },
  });
  expect(received).toHaveLength(2);
  expect(received[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  expect(received[1]!.idempotencyKey).toBe(received[0]!.idempotencyKey);
});

it('sends each request once with retry: false, or maxAttempts: 1', async () => {
  script = [{ status: 503 }, { status: 503 }];
  await expect(read(client(false))).rejects.toMatchObject({ status: 503 });
  await expect(read(client({ maxAttempts: 1 }))).rejects.toMatchObject({ status: 503 });
  expect(received).toHaveLength(2);
});
