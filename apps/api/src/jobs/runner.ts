import type { Database, LockKey } from '../db/client';

export interface JobLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A piece of background work run every `intervalMs`, each pass under its advisory lock. */
export interface Job {
  name: string;
  /** Taken by the runner around each pass; left out by a job whose pass takes its own. */
  lock?: LockKey;
  intervalMs: number;
  /** One pass; what it returns is logged when `worthLogging` says so. */
  run(): Promise<unknown>;
  worthLogging?(result: unknown): boolean;
}

/**
 * Runs each job on its own timer. A pass takes the job's advisory lock without waiting: while
 * another job process holds it, this one skips the pass, so each pass happens once whatever the
 * number of job processes (and a process that dies mid-pass frees the lock with its connection).
 * A failed pass is logged and the job runs again at the next tick. `stop()` waits for passes in flight.
 */
export function startJobRunner(database: Database, jobs: Job[], log: JobLogger) {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  const schedule = (job: Job) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = job.lock
        ? database.withLock(job.lock, () => job.run(), { wait: false })
        : job.run().then((value) => ({ ran: true as const, value }));
      const pass = run
        .then((r) => {
          if (r.ran && job.worthLogging?.(r.value))
            log.info({ job: job.name, result: r.value }, 'job pass done');
        })
        .catch((err) => log.warn({ err, job: job.name }, 'job pass failed; trying again at the next tick'))
        .finally(() => {
          inFlight.delete(pass);
          schedule(job);
        });
      inFlight.add(pass);
    }, job.intervalMs);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) schedule(job);

  return {
    /** Stops scheduling and waits for the passes under way (a graceful shutdown's deadline bounds it). */
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
