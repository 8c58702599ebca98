/**
 * A local FeexPay: answers the aggregator's endpoints the way FeexPay does and calls our webhook,
 * so the real adapter's HTTP code runs in the emulator (`npm start`) and in tests. Outcomes follow
 * the payer's number: ending in 1 fails, in 2 stays pending, in 9 the provider is down (503);
 * any other succeeds after `delayMs`. Card payments succeed after `delayMs`; a payment link is
 * paid after `delayMs` (as by a payer who opened it) and calls back the link's own callback URL.
 * The status endpoint answers every field our checks read (amount, currency, shop, mode), as
 * given when the transaction was made; `addTransaction` makes one as a payer paying the shop
 * directly would (the native SDK's flow, or an attacker's 100 XOF).
 * Never deployed: it is development tooling.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SandboxTransaction {
  reference: string;
  amount: number;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  currency: string;
  shop: string;
  mode: 'SANDBOX' | 'LIVE';
  callbackInfo?: string;
  /** Payment links call back here instead of the shop's webhook. */
  callbackUrl?: string;
  network?: string;
  phoneNumber?: string;
}

export interface SandboxOptions {
  /** Where callbacks go (our `POST /api/payments/webhook?secret=...`); none when undefined. */
  webhookUrl?: string;
  delayMs?: number;
  token: string;
  port?: number;
  /** The mode the sandbox's transactions report (FeexPay's `mode`); SANDBOX by default. */
  mode?: 'SANDBOX' | 'LIVE';
}

export class FeexPaySandbox {
  readonly transactions = new Map<string, SandboxTransaction>();
  readonly requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  /** When true every endpoint answers 503, as an aggregator that is down. */
  down = false;
  /** Delay before answering a request to pay (the transaction is made at once): a slow aggregator. */
  replyDelayMs = 0;
  private server?: Server;
  private baseUrl = '';

  constructor(private readonly options: SandboxOptions) {}

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A transaction paid to a shop directly, outside our payment routes (the native SDK, or anyone). */
  addTransaction(input: { amount: number; shop: string; status?: SandboxTransaction['status']; currency?: string; mode?: 'SANDBOX' | 'LIVE' }): string {
    const transaction = this.open(input.amount, String(input.shop), undefined, 'direct');
    Object.assign(transaction, { status: input.status ?? 'SUCCESSFUL', currency: input.currency ?? 'XOF', mode: input.mode ?? transaction.mode });
    return transaction.reference;
  }

  /** What FeexPay would say later: a late success, a reversal... Sends the callback too. */
  async settle(reference: string, status: SandboxTransaction['status']): Promise<void> {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`unknown reference ${reference}`);
    transaction.status = status;
    await this.callback(transaction);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const path = (req.url ?? '').split('?')[0];
    this.requests.push({ method: req.method ?? '', path, body });
    if (this.down) return send(res, 503, { message: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${this.options.token}`) return send(res, 401, { message: 'Unauthenticated.' });

    const requestToPay = /^\/api\/transactions\/public\/requesttopay\/([\w-]+)$/.exec(path);
    const status = /^\/api\/transactions\/public\/single\/status\/(.+)$/.exec(path);
    if (req.method === 'POST' && requestToPay) {
      const phone = String(body.phoneNumber ?? '');
      if (phone.endsWith('9')) return send(res, 503, { message: 'Service Unavailable' });
      const transaction = this.open(Number(body.amount), String(body.shop ?? ''), String(body.callback_info ?? ''), requestToPay[1], phone);
      this.later(transaction, phone.endsWith('1') ? 'FAILED' : phone.endsWith('2') ? undefined : 'SUCCESSFUL');
      if (this.replyDelayMs) await new Promise((resolve) => setTimeout(resolve, this.replyDelayMs));
      return send(res, 200, { reference: transaction.reference, status: 'PENDING', message: 'Transaction initiated' });
    }
    if (req.method === 'POST' && path === '/api/transactions/public/initcard') {
      const transaction = this.open(Number(body.amount), String(body.shop ?? ''), String(body.callback_info ?? ''), 'card', String(body.phone ?? ''));
      this.later(transaction, 'SUCCESSFUL');
      return send(res, 200, { reference: transaction.reference, url: `${this.baseUrl}/pay/${transaction.reference}` });
    }
    if (req.method === 'POST' && path === '/api/feexlink/api-create') {
      const transaction = this.open(Number(body.amount), String(body.shop ?? ''), undefined, 'link');
      transaction.callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : undefined;
      this.later(transaction, 'SUCCESSFUL');
      return send(res, 200, { reference: transaction.reference, urlPay: `${this.baseUrl}/pay/${transaction.reference}` });
    }
    if (req.method === 'GET' && status) {
      const transaction = this.transactions.get(decodeURIComponent(status[1]));
      if (!transaction) return send(res, 404, { message: 'Transaction not found' });
      return send(res, 200, {
        reference: transaction.reference,
        status: transaction.status,
        amount: transaction.amount,
        currency: transaction.currency,
        shop: transaction.shop,
        mode: transaction.mode,
        callback_info: transaction.callbackInfo ?? null,
      });
    }
    return send(res, 404, { message: 'Not found' });
  }

  private open(amount: number, shop: string, callbackInfo: string | undefined, network: string, phoneNumber?: string): SandboxTransaction {
    const transaction: SandboxTransaction = {
      reference: `SBX-${randomUUID()}`,
      amount,
      status: 'PENDING',
      currency: 'XOF',
      shop,
      mode: this.options.mode ?? 'SANDBOX',
      callbackInfo,
      network,
      phoneNumber,
    };
    this.transactions.set(transaction.reference, transaction);
    return transaction;
  }

  private later(transaction: SandboxTransaction, outcome: SandboxTransaction['status'] | undefined): void {
    if (!outcome) return;
    setTimeout(() => {
      transaction.status = outcome;
      void this.callback(transaction).catch(() => undefined);
    }, this.options.delayMs ?? 300).unref();
  }

  private async callback(transaction: SandboxTransaction): Promise<void> {
    const url = transaction.callbackUrl ?? this.options.webhookUrl;
    if (!url) return;
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reference: transaction.reference,
        status: transaction.status,
        amount: transaction.amount,
        callback_info: transaction.callbackInfo,
        reseau: transaction.network,
      }),
    });
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
