/** Types of scripts/local-scheduler.cjs, for the tests that load it. */

/** A scheduled function as it declares itself for Cloud Scheduler. */
export interface ScheduledJob {
  name: string;
  region: string;
  schedule: string;
  timeZone: string;
}

export interface SchedulerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export type Fire = (job: ScheduledJob, scheduleTime: Date) => Promise<unknown>;

export declare function scheduledFunctions(moduleExports: Record<string, unknown>): ScheduledJob[];
export declare function nextTime(job: ScheduledJob, afterMs: number): number;
export declare function timeFactor(value: string | undefined): number;

export declare class LocalScheduler {
  constructor(options: {
    jobs: ScheduledJob[];
    fire: Fire;
    timeFactor?: number;
    clock?: SchedulerClock;
    log?: Pick<Console, 'warn' | 'error'>;
  });
  start(): void;
  stop(): void;
  upcoming(): Array<ScheduledJob & { next: Date }>;
}

export declare function emulatorTrigger(options: { origin: string; project: string; fetch?: typeof fetch }): Fire;
export declare function functionsEmulatorOrigin(env: NodeJS.ProcessEnv): Promise<string>;
