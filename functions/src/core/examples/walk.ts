/**
 * What a domain's example steps (domains/<d>/examples.ts) are given: the recorder they send their
 * requests through, and the walk's context (the demo accounts, the ids earlier steps handed on).
 * `npm run examples` (cli/record-examples.ts) runs the steps the manifests declare, in the one
 * order cli/examples/walk-steps.ts lists; the deployed functions never load them.
 */
import type { RouteDefinition } from '../http';

export interface ExampleAnswer {
  status: number;
  // The answers are JSON of every shape: the walk reads the ids it needs from them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface ExampleCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  file?: { contentType: string; data: Buffer };
  /** The operation can only be shown refusing: keep its documented refusal if nothing better comes. */
  refusal?: boolean;
  /** Headers besides the caller's token (a dashboard's `X-Client-Platform: web`). */
  headers?: Record<string, string>;
  /** Tries of walk-reads.ts: a refusal is expected among them, not worth a line of output. */
  quiet?: boolean;
}

/** Sends a request as a demo account, and keeps it as its operation's example when it makes one (cli/examples/recorder.ts). */
export interface ExampleRecorder {
  /** Sends `key` (`POST /api/orders/{id}/cancel`) as `caller`, a demo role or `anonymous`. */
  call(key: string, caller: string, call?: ExampleCall): Promise<ExampleAnswer>;
  /** The declaration of operation `key` (a step reads a body's fields from it). */
  route(key: string): RouteDefinition;
}

/** What the walk's steps share: the demo accounts, the ids earlier answers gave, and the walk's own sign-ins and payments. */
export interface WalkContext {
  /** The demo accounts' uids, by role (and the newcomer's, once signed up). */
  uids: Record<string, string>;
  /** Ids the steps hand to later ones. */
  ids: Record<string, string | undefined>;
  /** Signs a demo role in again (after a step that revokes its tokens). */
  refreshToken(role: string): Promise<void>;
  /** A payment the app made in the provider's own SDK (the local FeexPay's transaction), by its reference. */
  providerPayment(amount: number): string;
  /** Signs in an account that is not a demo one, under `name`. */
  signInAs(name: string, email: string, password: string): Promise<void>;
}

/** One step of the walk: requests that show some of a domain's operations, in an order where each one's ids come from earlier answers. */
export type ExampleStep = (recorder: ExampleRecorder, context: WalkContext) => Promise<void>;

/** A domain's steps by name (its examples.ts `steps`, loaded by its manifest's `examples`). */
export type ExampleSteps = Readonly<Record<string, ExampleStep>>;
