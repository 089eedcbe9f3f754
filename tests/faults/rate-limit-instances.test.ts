/**
 * The rate limit is shared by every instance: three server processes on one
 * PostgreSQL (DATABASE_URL), a burst of submissions from one client spread
 * over them while another process keeps a core busy, and exactly
 * RATE_LIMIT_MAX of them are accepted, as one process would. The count lives
 * in the database, so an instance killed with SIGKILL and a new one started
 * afterwards change nothing.
 *
 * Its statements do not wait behind the store's other work: with every
 * connection of the instance's submission pool busy (other clients'
 * submissions waiting for a lock on the submissions table, more queued
 * behind them), a client already at its limit is still refused, and nothing
 * of it is stored.
 */
import { Pool } from "pg";
import { keepOneCoreBusy } from "../../testkit/busy-core";
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from "../../testkit/postgres";
import { waitFor } from "../../testkit/wait";
import { cleanup, startServer, type ServerProcess } from "../../testkit/faults";

const LIMIT = 7;
const REQUESTS = 45;
const TOO_MANY = "Too many requests. Please try again later.";
/** Several servers start at once on a machine that may be loaded: each gets a minute to answer. */
const START_TIMEOUT_MS = 60_000;

async function subscribe(instance: ServerProcess, i: number): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${instance.url}/api/v1/contact/news-letter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `visitor${i}@example.org`, mailType: "newsletter" }),
  });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message };
}

describe("the rate limit across three instances on one PostgreSQL", () => {
  let postgres: PostgresServer | undefined;
  let database: TestDatabase;
  let pool: Pool;
  let env: Record<string, string>;
  let instances: ServerProcess[];

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(postgres?.url ?? process.env.TEST_DATABASE_URL);
    pool = new Pool({ connectionString: database.url, max: 2 });
    env = { DATABASE_URL: database.url, RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: "600000" };
    // Three machines: each its own DATA_DIR, all starting at once.
    instances = await Promise.all([0, 1, 2].map(() => startServer({ env, startTimeoutMs: START_TIMEOUT_MS })));
  });

  afterAll(async () => {
    await cleanup();
    await pool?.end();
    await database?.drop();
    await postgres?.stop();
  });

  it("accepts exactly the limit of a burst spread over the three while another process keeps a core busy, and keeps the count when one dies", async () => {
    const busy = await keepOneCoreBusy();
    let answers: { status: number; message?: string }[];
    try {
      answers = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => subscribe(instances[i % 3]!, i)));
    } finally {
      await busy.stop();
    }

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMIT);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(REQUESTS - LIMIT);
    for (const answer of refused) expect(answer.message).toBe(TOO_MANY);
    // Every acknowledged one is stored, and nothing else.
    expect((await pool.query("SELECT count(*)::int AS n FROM submissions")).rows[0]).toEqual({ n: LIMIT });

    // An instance dies; a new one starts: the count is in the database, not in a process.
    await instances[0]!.kill("SIGKILL");
    const fresh = await startServer({ env, startTimeoutMs: START_TIMEOUT_MS });
    expect(await subscribe(fresh, REQUESTS)).toEqual({ status: 429, message: TOO_MANY });
    expect(await subscribe(instances[1]!, REQUESTS + 1)).toEqual({ status: 429, message: TOO_MANY });
    // The shared count answered every time: no instance fell back to its own.
    for (const instance of instances) expect(instance.output()).not.toMatch(/Rate limit: the shared count/);
  });
});

describe("the rate limit while every connection of the submission pool is busy", () => {
  const OTHERS = 12;
  let postgres: PostgresServer | undefined;
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(postgres?.url ?? process.env.TEST_DATABASE_URL);
    pool = new Pool({ connectionString: database.url, max: 2 });
  });

  afterAll(async () => {
    await cleanup();
    await pool?.end();
    await database?.drop();
    await postgres?.stop();
  });

  it("refuses a client at its limit (429), and stores nothing of it", async () => {
    // One proxy in front (loopback): other clients are told apart by X-Forwarded-For; the client at its limit sends none.
    const env = { DATABASE_URL: database.url, RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: "600000", TRUST_PROXY: "1" };
    const [first, attacked] = await Promise.all([startServer({ env, startTimeoutMs: START_TIMEOUT_MS }), startServer({ env, startTimeoutMs: START_TIMEOUT_MS })]);
    // The client reaches its limit on one instance.
    const reached = await Promise.all(Array.from({ length: LIMIT }, (_, i) => subscribe(first, i)));
    expect(reached.map((answer) => answer.status)).toEqual(Array(LIMIT).fill(201));

    // Other clients' submissions to the attacked instance wait for a lock on the submissions table, each holding a
    // connection of its submission pool (10); the rest wait for a connection.
    const lock = await pool.connect();
    let others: Promise<number[]> | undefined;
    try {
      await lock.query("BEGIN");
      await lock.query("LOCK TABLE submissions IN EXCLUSIVE MODE");
      others = Promise.all(
        Array.from({ length: OTHERS }, async (_, i) => {
          const response = await fetch(`${attacked.url}/api/v1/contact/news-letter`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": `192.0.2.${i + 1}` },
            body: JSON.stringify({ email: `other${i}@example.org`, mailType: "newsletter" }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      await waitFor(async () => {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'industrial-group-site' AND wait_event_type = 'Lock'`,
        );
        return rows[0]!.n >= 10;
      }, 60_000);

      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => subscribe(attacked, LIMIT + i)));
      expect(answers).toEqual(Array(5).fill({ status: 429, message: TOO_MANY }));
      // The shared count answered: the attacked instance did not fall back to its own (which has never seen this client).
      expect(attacked.output()).not.toMatch(/Rate limit: the shared count/);
    } finally {
      await lock.query("ROLLBACK");
      lock.release();
    }
    // The other clients' submissions went through once the lock was gone (those that waited for a connection longer
    // than the pool's 10 s were answered 503, nothing kept, as the API promises).
    const statuses = (await others) ?? [];
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect((await pool.query("SELECT count(*)::int AS n FROM submissions WHERE payload->>'email' LIKE 'visitor%'")).rows[0]).toEqual({ n: LIMIT });
  });
});
