/**
 * The upkeep scheduler (server/upkeep.ts) on a clock the test drives: each
 * job runs at start and then once per its own interval, at the clock's time;
 * a failure is logged and the job runs again at its next tick; a tick that
 * comes while the previous run still goes is skipped; stopping ends every job.
 */
import { scheduleUpkeep, type UpkeepClock, type UpkeepJob } from "../../server/upkeep";

/** A clock whose time moves only when the test says, firing the ticks that fall due. */
function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const timers = new Set<{ intervalMs: number; next: number; tick: () => void }>();
  const clock: UpkeepClock = {
    now: () => new Date(now),
    every(intervalMs, tick) {
      const timer = { intervalMs, next: now + intervalMs, tick };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.intervalMs;
      due.tick();
      // Let the run that tick started settle before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
    now = end;
  };
  return { clock, advance, timers };
}

function job(name: string, intervalMs: number, run: (now: Date) => Promise<void>) {
  const errors: string[] = [];
  const runs: string[] = [];
  const upkeep: UpkeepJob = {
    name,
    intervalMs,
    log: { error: (message) => errors.push(message) },
    run: (now) => {
      runs.push(now.toISOString());
      return run(now);
    },
  };
  return { upkeep, runs, errors };
}

const HOUR = 3_600_000;
const settle = () => new Promise((resolve) => setImmediate(resolve));

test("each job runs at start, then once per its interval, at the clock's time", async () => {
  const { clock, advance } = manualClock();
  const hourly = job("Hourly", HOUR, async () => undefined);
  const daily = job("Daily", 24 * HOUR, async () => undefined);
  const stop = scheduleUpkeep([hourly.upkeep, daily.upkeep], clock);
  await settle();
  expect(hourly.runs).toEqual(["2026-01-01T00:00:00.000Z"]);
  expect(daily.runs).toEqual(["2026-01-01T00:00:00.000Z"]);

  await advance(25 * HOUR);
  expect(hourly.runs).toHaveLength(26);
  expect(hourly.runs.at(-1)).toBe("2026-01-02T01:00:00.000Z");
  expect(daily.runs).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"]);
  stop();
});

test("a failure is logged with the job's name, and the job runs again at its next tick", async () => {
  const { clock, advance } = manualClock();
  let calls = 0;
  const flaky = job("Spam upkeep", HOUR, async () => {
    calls++;
    if (calls === 1) throw new Error("database gone");
  });
  const stop = scheduleUpkeep([flaky.upkeep], clock);
  await settle();
  expect(flaky.errors).toEqual(["Spam upkeep failed: database gone"]);
  await advance(HOUR);
  expect(flaky.runs).toHaveLength(2);
  expect(flaky.errors).toHaveLength(1);
  stop();
});

test("a tick while the previous run still goes is skipped; stopping ends the ticks", async () => {
  const { clock, advance, timers } = manualClock();
  let finish = () => {};
  const slow = job("Privacy upkeep", HOUR, () => new Promise<void>((resolve) => (finish = resolve)));
  const stop = scheduleUpkeep([slow.upkeep], clock);
  await settle();
  await advance(3 * HOUR);
  expect(slow.runs).toHaveLength(1);
  finish();
  await settle();
  await advance(HOUR);
  expect(slow.runs).toHaveLength(2);

  stop();
  expect(timers.size).toBe(0);
});
