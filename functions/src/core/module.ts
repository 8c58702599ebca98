/**
 * The shape of a domain's manifest, `domains/<d>/module.ts`: everything the domain gives the
 * service, as plain data and lazy loaders (ARCHITECTURE.md, "Domain modules"). `src/modules.ts`
 * lists every manifest once, and the service's wiring is derived from that list: each function's
 * routers (https/<name>.ts), the subscribers, the notices and who each fact tells (subscribers.ts, notices.ts), the payable
 * types (payables.ts), the triggers, schedules and task queues (jobs.ts), the OpenAPI
 * document's shared schemas, and the example steps `npm run examples` walks (cli/examples/walk-steps.ts).
 *
 * A manifest imports nothing of its domain eagerly but its error codes (`errors`: a table of plain
 * data, which every function answers): every other part is an `import()` inside a function.
 * Each function's instance reads every manifest (cheap: data), and the deployed build keeps in
 * each function's file only the parts it runs (functions/scripts/bundle.mjs), so a function still
 * loads its own domains only.
 */
import type { ErrorTable } from './error-codes';
import type { ExampleSteps } from './examples/walk';
import type { Subscriber } from './events';
import type { Tellers } from './notices';
import type { ApiRouter } from './http';
import type { SecretName } from './secrets';

/** A router of the domain: the function group that mounts it, and the paths it is loaded for. */
export interface RouterDeclaration {
  /** The HTTPS function that serves it (groups.ts): its paths lie under that function's prefixes. */
  group: string;
  /** Requests under these paths load the router (on the first one) and go through it. */
  paths: readonly string[];
  load(): Promise<ApiRouter>;
}

/** What a payment type costs: the amount due for the payment's target, or undefined when this payer cannot pay for it. */
export type AmountDue = (metadata: Record<string, string>, payer: string) => Promise<number | undefined>;

interface JobBase {
  /** Secrets the job reads: mounted for it, and the only ones its run may read (core/secrets.ts). */
  secrets?: readonly SecretName[];
}

/** A Cloud Scheduler job, in unix-cron (scripts/local-scheduler.cjs refuses any other syntax). */
export interface ScheduleJob extends JobBase {
  kind: 'schedule';
  schedule: string;
  /** An IANA zone, or `business`: BUSINESS_TIME_ZONE, read when jobs.ts declares the job. */
  timeZone: string;
  timeoutSeconds?: number;
  memory?: '512MiB';
  run(): Promise<void>;
}

/** A Cloud Tasks queue: `run` gets the task's data (an early task throws, so that Cloud Tasks retries it). */
export interface TaskJob extends JobBase {
  kind: 'task';
  retryConfig: { maxAttempts: number; minBackoffSeconds: number };
  rateLimits: { maxConcurrentDispatches: number };
  /** Typed by the job (its queueing code and its run agree on the data): any run fits `never`. */
  run(data: never): Promise<void>;
}

/** A Firestore document, as a trigger hands it: its path's parameters and its data before and after. */
export interface DocumentChange {
  /** The trigger event's id (one per change; a retried event keeps it). */
  id: string;
  params: Record<string, string>;
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
}

/** A Firestore trigger on the creation (`created`) or any write (`written`) of a document. */
export interface DocumentJob extends JobBase {
  kind: 'document';
  on: 'created' | 'written';
  /** The document path, with `{parameters}`. */
  document: string;
  /** Whether a failed run is tried again (Cloud Functions' `retry`). */
  retry?: boolean;
  run(change: DocumentChange): Promise<void>;
}

export type JobDeclaration = ScheduleJob | TaskJob | DocumentJob;

export interface DomainModule {
  /** The domain's folder name under domains/. */
  name: string;
  /** Its routers, in mounting order within each function (modules.ts: the order of the modules). */
  routers?: readonly RouterDeclaration[];
  /** Its reactions to events (its `subscribers.ts` files). */
  subscribers?(): Promise<readonly Subscriber[]>;
  /** Its notice templates (its `notices.ts`): typed by the notifications domain, which writes them. */
  notices?(): Promise<Record<string, object>>;
  /**
   * Who it tells what, by fact (its `tells.ts`, core/notices.ts): the notifications domain derives
   * one subscriber per told fact, which writes the notices the fact's payload answers.
   */
  tells?(): Promise<Tellers>;
  /** What each payment type it sells costs (payments asks, before any money moves). */
  payables?: Readonly<Record<string, AmountDue>>;
  /** Its triggers, schedules and task queues, by exported function name (each a deployed function). */
  jobs?: Readonly<Record<string, JobDeclaration>>;
  /** Its error codes (its errors.ts): installed by the composition roots (src/error-codes.ts), so that every function answers them. */
  errors?: ErrorTable;
  /** Its named schemas of the contract, published in the OpenAPI document even before their routes exist. */
  schemas?(): Promise<readonly object[]>;
  /**
   * Its example steps by name (its examples.ts files, core/examples/walk.ts): the requests that
   * record its operations' examples. Only `npm run examples` loads them (cli/examples/walk-steps.ts
   * lists the order all steps run in); no deployed bundle holds them (functions/scripts/bundle.mjs).
   */
  examples?(): Promise<ExampleSteps>;
}
