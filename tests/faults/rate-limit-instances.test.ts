/**
 * The rate limit is shared by every instance: three server processes on one
 * PostgreSQL (DATABASE_URL), a burst of submissions from one client spread
 * over them, and exactly RATE_LIMIT_MAX of them are accepted, as one process
 * would. The count lives in the database, so an instance killed with SIGKILL
 * and a new one started afterwards change nothing.
 */
import { Pool } from "pg";
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from "../../testkit/postgres";
import { cleanup, startServer, type ServerProcess } from "../../testkit/faults";

const LIMIT = 7;
const REQUESTS = 45;
const TOO_MANY = "Too many requests. Please try again later.";

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
    instances = await Promise.all([0, 1, 2].map(() => startServer({ env })));
  });

  afterAll(async () => {
    await cleanup();
    await pool?.end();
    await database?.drop();
    await postgres?.stop();
  });

  async function subscribe(instance: ServerProcess, i: number): Promise<{ status: number; message?: string }> {
    const response = await fetch(`${instance.url}/api/v1/contact/news-letter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `visitor${i}@example.org`, mailType: "newsletter" }),
    });
    const body = (await response.json()) as { message?: string };
    return { status: response.status, message: body.message };
  }

  it("accepts exactly the limit of a burst spread over the three, and keeps the count when one dies", async () => {
    const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => subscribe(instances[i % 3]!, i)));

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMIT);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(REQUESTS - LIMIT);
    for (const answer of refused) expect(answer.message).toBe(TOO_MANY);
    // Every acknowledged one is stored, and nothing else.
    expect((await pool.query("SELECT count(*)::int AS n FROM submissions")).rows[0]).toEqual({ n: LIMIT });

    // An instance dies; a new one starts: the count is in the database, not in a process.
    await instances[0]!.kill("SIGKILL");
    const fresh = await startServer({ env });
    expect(await subscribe(fresh, REQUESTS)).toEqual({ status: 429, message: TOO_MANY });
    expect(await subscribe(instances[1]!, REQUESTS + 1)).toEqual({ status: 429, message: TOO_MANY });
  });
});
