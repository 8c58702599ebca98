/**
 * A local HTTP server that answers like a partner (WhatsApp Graph API, captcha siteverify), so
 * the real adapters are tested over real HTTP. Records every request it receives.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartnerRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface PartnerReply {
  status?: number;
  /** An object is sent as JSON, a string as it is. */
  body: unknown;
  delayMs?: number;
}

export class FakePartner {
  readonly requests: PartnerRequest[] = [];
  private server?: Server;

  constructor(private reply: (request: PartnerRequest) => PartnerReply) {}

  answer(reply: (request: PartnerRequest) => PartnerReply): void {
    this.reply = reply;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
        this.requests.push(request);
        const reply = this.reply(request);
        setTimeout(() => {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
          res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
