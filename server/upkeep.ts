/**
 * The periodic upkeep of a running server, one scheduler for every job (the
 * privacy clean-up and retention purge, server/store/privacy.ts; the spam
 * defence's upkeep, server/spam/upkeep.ts): each job runs at start, then once
 * per its interval, at the time the clock gives. A failure is logged, never
 * thrown, and the job runs again at its next tick; a tick that comes while the
 * job's previous run is still going is skipped (a slow store does not pile
 * runs up).
 */
import { errorFields } from "./log";

export interface UpkeepJob {
  /** How its log lines name it ("Privacy upkeep"). */
  name: string;
  intervalMs: number;
  /** One run, at `now`; rejects when it fails. */
  run(now: Date): Promise<void>;
  /** Where its failure is told. */
  log: { error(message: string): void };
}

/** The time and the ticks the scheduler takes (a test gives its own). */
export interface UpkeepClock {
  now(): Date;
  /** Calls `tick` every `intervalMs` until the returned function is called. */
  every(intervalMs: number, tick: () => void): () => void;
}

/** The process's clock; its timers do not keep the process alive. */
export const systemClock: UpkeepClock = {
  now: () => new Date(),
  every(intervalMs, tick) {
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** Runs each job now, then every its interval; returns a function that stops them all. */
export function scheduleUpkeep(jobs: UpkeepJob[], clock: UpkeepClock = systemClock): () => void {
  const stops = jobs.map((job) => {
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      Promise.resolve()
        .then(() => job.run(clock.now()))
        .catch((err: unknown) => job.log.error(`${job.name} failed: ${errorFields(err).message}`))
        .finally(() => {
          running = false;
        });
    };
    run();
    return clock.every(job.intervalMs, run);
  });
  return () => {
    for (const stop of stops) stop();
  };
}
