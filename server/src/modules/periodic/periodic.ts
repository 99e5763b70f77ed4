import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { LeaseRepository } from './lease.repository.js';

/**
 * Periodic work that runs once per tick across all servers, whichever of them are up.
 *
 * Every server ticks every `everyMs`; at each tick it tries to take (or renew) the job's lease in
 * the database for `leaseMs` and runs the job only when it holds it. So the first server to take
 * the lease keeps it, renewing it at each of its ticks, and the others' ticks find it held and do
 * nothing. If the holder dies (SIGKILL, a lost machine) its lease runs out after at most `leaseMs`,
 * and the next server to tick takes it over: the job misses at most that long. A server stopping
 * cleanly gives its leases up at once (`stop`).
 *
 * `leaseMs` must be longer than `everyMs` (default: twice), so a live holder renews in time, and
 * longer than one run of the job (a job still running when its lease ran out may meet a second
 * run elsewhere: make jobs idempotent, as deletes of expired rows are).
 *
 * Generic: a name and a function. Work that needs a lease per item (a webhook delivery) takes its
 * own rows; this is for "do this every so often, once".
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  leaseMs?: number;
  run(now: Date): Promise<void>;
}

export interface Periodic {
  /** This process's holder id in the leases table. */
  readonly holder: string;
  /** One tick of every job at `now` (the timer calls it; tests call it with their own times). Names of the jobs run. */
  tick(now?: Date): Promise<string[]>;
  /** Ticks every job on its own timer until `stop`. */
  start(): void;
  /** Stops the timers, waits for a run in progress, gives up this process's leases. */
  stop(): Promise<void>;
}

export function holderId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function periodic(
  leases: LeaseRepository,
  jobs: PeriodicJob[],
  opts: { holder?: string; log?: (msg: string, err?: unknown) => void } = {},
): Periodic {
  const holder = opts.holder ?? holderId();
  const log = opts.log ?? ((msg: string) => console.warn(msg));
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  async function tickJob(job: PeriodicJob, now: Date): Promise<boolean> {
    const leaseMs = job.leaseMs ?? job.everyMs * 2;
    const held = await leases.acquire(
      job.name,
      holder,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
    );
    if (!held) return false;
    await job.run(now);
    return true;
  }

  function guarded(job: PeriodicJob, now: Date): Promise<boolean> {
    const p = tickJob(job, now).catch((err: unknown) => {
      log(`periodic ${job.name}: ${err instanceof Error ? err.message : String(err)}`, err);
      return false;
    });
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  }

  return {
    holder,
    async tick(now = new Date()) {
      const ran = await Promise.all(jobs.map((job) => guarded(job, now)));
      return jobs.filter((_, i) => ran[i]).map((j) => j.name);
    },
    start() {
      for (const job of jobs) {
        const timer = setInterval(() => {
          if (!stopped) void guarded(job, new Date());
        }, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
      const now = new Date().toISOString();
      await Promise.all(jobs.map((j) => leases.release(j.name, holder, now).catch(() => undefined)));
    },
  };
}
