/**
 * Two built server processes on one PostgreSQL (as on two machines behind a
 * load balancer) receive the same request with the same Idempotency-Key at
 * the same moment, for many keys: each key creates exactly one submission and
 * one set of outbox rows, and both answers are that submission's 201 (the
 * second one replayed), never a 5xx.
 */
import { Pool } from "pg";
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from "../../testkit/postgres";
import { cleanup, startServer, type ServerProcess } from "../../testkit/faults";

const KEYS = 25;

describe("two instances on one PostgreSQL, the same Idempotency-Key at once", () => {
  let postgres: PostgresServer | undefined;
  let database: TestDatabase;
  let instances: ServerProcess[];

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(postgres?.url ?? process.env.TEST_DATABASE_URL);
    instances = await Promise.all([0, 1].map(() => startServer({ env: { DATABASE_URL: database.url } })));
  });

  afterAll(async () => {
    await cleanup();
    await database?.drop();
    await postgres?.stop();
  });

  it("stores one submission per key; both instances answer its 201", async () => {
    const run = `${process.pid}-${Date.now()}`;
    const send = (instance: ServerProcess, key: string, i: number) =>
      fetch(`${instance.url}/api/v1/contact/news-letter`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify({ email: `same-${i}@example.org`, mailType: "newsletter" }),
      }).then(async (res) => ({ status: res.status, replayed: res.headers.get("idempotent-replayed"), body: (await res.json()) as { id?: string } }));

    const answers = await Promise.all(
      Array.from({ length: KEYS }, (_, i) => {
        const key = `${run}-${i}`;
        return Promise.all(instances.map((instance) => send(instance, key, i)));
      }),
    );

    for (const pair of answers) {
      // The first to commit stores it; the other waits on the key's unique index and replays it.
      expect(pair.map((answer) => answer.status)).toEqual([201, 201]);
      expect(pair[0]!.body.id).toBe(pair[1]!.body.id);
      expect(pair.filter((answer) => answer.replayed === "true")).toHaveLength(1);
    }
    const pool = new Pool({ connectionString: database.url, max: 1 });
    try {
      const submissions = await pool.query<{ n: number; keys: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM submissions",
      );
      expect(submissions.rows[0]).toEqual({ n: KEYS, keys: KEYS });
      // One notification each (the same number of recipient rows for every submission), none twice.
      const outbox = await pool.query<{ rows: number }>("SELECT count(*)::int AS rows FROM outbox GROUP BY submission_id");
      expect(outbox.rows).toHaveLength(KEYS);
      expect(new Set(outbox.rows.map((row) => row.rows)).size).toBe(1);
      expect(new Set(answers.map((pair) => pair[0]!.body.id)).size).toBe(KEYS);
    } finally {
      await pool.end();
    }
  });
});
