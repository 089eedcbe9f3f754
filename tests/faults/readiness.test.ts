/**
 * Liveness and readiness of the real server process:
 * - on PostgreSQL, with every process of the database stopped (SIGSTOP: a
 *   hung database, what a lost network looks like too: connections open, no
 *   answer), /api/health/ready answers 503 within HEALTH_TIMEOUT_MS and a
 *   margin (the submissions' pool would have waited its 10 s connection
 *   timeout, or for ever on a connection already open), /api/health says
 *   unavailable as quickly, /api/health/live stays 200; once the database
 *   runs again, ready is 200 again;
 * - on SIGTERM with SHUTDOWN_DRAIN_MS, ready answers 503 (stopping) at once
 *   while live, the pages and the API are still served, then the process
 *   exits 0.
 */
import fs from "fs";
import path from "path";
import { startPostgres, type PostgresServer } from "../../testkit/postgres";
import { cleanup, startServer, waitUntil, type ServerProcess } from "../../testkit/faults";

jest.setTimeout(180_000);

afterAll(() => cleanup());

const HEALTH_TIMEOUT_MS = 300;
/** Far above HEALTH_TIMEOUT_MS and far below the 10 s the submissions' pool waits for a connection. */
const ANSWER_WITHIN_MS = 5_000;

async function timedGet(url: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}

/** Every process of the PostgreSQL server: the postmaster and its children. */
function postgresPids(server: PostgresServer): number[] {
  const postmaster = Number(fs.readFileSync(path.join(server.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  const children = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // Field 4 of /proc/PID/stat (after the name in parentheses) is the parent's pid.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function continueProcess(pid: number): void {
  try {
    process.kill(pid, "SIGCONT");
  } catch {
    // gone
  }
}

describe("on PostgreSQL", () => {
  let postgres: PostgresServer;
  let server: ServerProcess;
  let stopped: number[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServer({ env: { DATABASE_URL: postgres.url, HEALTH_TIMEOUT_MS: String(HEALTH_TIMEOUT_MS) } });
  });
  afterAll(async () => {
    for (const pid of stopped) continueProcess(pid);
    await server?.stop();
    await postgres?.stop();
  });

  it("ready answers 503 within HEALTH_TIMEOUT_MS of a database that stopped answering, live stays 200", async () => {
    await waitUntil(async () => (await timedGet(`${server.url}/api/health/ready`)).status === 200, 30_000);
    expect(await timedGet(`${server.url}/api/health`)).toMatchObject({ status: 200, body: { status: "ok", store: "ok" } });

    stopped = postgresPids(postgres);
    for (const pid of stopped) {
      try {
        process.kill(pid, "SIGSTOP");
      } catch {
        // a backend that ended meanwhile
      }
    }

    // The answer given again for a moment may still be 200; then 503, each answer quickly.
    const answers: { status: number; body: unknown; ms: number }[] = [];
    await waitUntil(async () => {
      const answer = await timedGet(`${server.url}/api/health/ready`);
      answers.push(answer);
      return answer.status === 503;
    }, 30_000);
    expect(answers.at(-1)!.body).toEqual({ status: "unavailable" });
    for (const answer of answers) expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    // Again, with the health connections given up by now: still quick.
    for (let i = 0; i < 3; i++) {
      const again = await timedGet(`${server.url}/api/health/ready`);
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // The report says so too (once its summary, read at most once a second, is read again), each answer as quickly.
    const reports: { status: number; body: unknown; ms: number }[] = [];
    await waitUntil(async () => {
      const report = await timedGet(`${server.url}/api/health`);
      reports.push(report);
      return report.status === 503;
    }, 30_000);
    expect(reports.at(-1)!.body).toEqual({ status: "unavailable", store: "unavailable" });
    for (const report of reports) expect(report.ms).toBeLessThan(ANSWER_WITHIN_MS);
    // The process serves.
    const live = await timedGet(`${server.url}/api/health/live`);
    expect(live).toMatchObject({ status: 200, body: { status: "ok" } });

    for (const pid of stopped) continueProcess(pid);
    stopped = [];
    await waitUntil(async () => (await timedGet(`${server.url}/api/health/ready`)).status === 200, 30_000);
    expect((await timedGet(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe("on SIGTERM", () => {
  it("ready answers 503 stopping during SHUTDOWN_DRAIN_MS while everything else is served, then the process exits 0", async () => {
    const server = await startServer({ env: { SHUTDOWN_DRAIN_MS: "3000" } });
    expect((await timedGet(`${server.url}/api/health/ready`)).status).toBe(200);
    // Resolves with how the process ended, once it has.
    const exited = server.kill("SIGTERM") as unknown as Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
    await waitUntil(() => /Shutting down: serving on for 3000 ms/.test(server.output()), 10_000);
    const ready = await timedGet(`${server.url}/api/health/ready`);
    expect(ready).toMatchObject({ status: 503, body: { status: "stopping" } });
    expect((await timedGet(`${server.url}/api/health/live`)).status).toBe(200);
    expect((await timedGet(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await exited).toMatchObject({ code: 0, signal: null });
  });
});
