/**
 * The PostgreSQL the tests share: one server per jest run (TEST_DATABASE_URL),
 * a database of its own per test file, dropped afterwards.
 */
import { Client } from "pg";
import { createTestDatabase } from "../../../testkit/postgres";

jest.setTimeout(30_000);

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  return withClient(process.env.TEST_DATABASE_URL!, async (client) => {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return rows.length === 1;
  });
}

test("the jest run's PostgreSQL is a real server on loopback, reached through TEST_DATABASE_URL", async () => {
  expect(process.env.TEST_DATABASE_URL).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test$/);
  const version = await withClient(process.env.TEST_DATABASE_URL!, async (client) => (await client.query("SHOW server_version_num")).rows[0]);
  expect(Number(version.server_version_num)).toBeGreaterThanOrEqual(150000);
});

test("each test database is empty and sees none of another's rows; drop() removes it", async () => {
  const first = await createTestDatabase();
  const second = await createTestDatabase();
  try {
    expect(first.name).not.toBe(second.name);
    await withClient(first.url, (client) => client.query("CREATE TABLE leads (email text); INSERT INTO leads VALUES ('a@example.com')"));
    const seen = await withClient(second.url, async (client) => (await client.query("SELECT to_regclass('leads') AS t")).rows[0]);
    expect(seen).toEqual({ t: null });
  } finally {
    await first.drop();
    await second.drop();
  }
  expect(await databaseExists(first.name)).toBe(false);
  expect(await databaseExists(second.name)).toBe(false);
});
