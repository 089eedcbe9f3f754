/**
 * The PostgreSQL store's versioned migrations, against a real PostgreSQL (the
 * one the jest run started; each test takes a fresh database of its own).
 */
import { randomUUID } from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { Pool } from "pg";
import { migratePostgres, POSTGRES_MIGRATIONS_DIR, readMigrations } from "../../../server/store/postgres/migrate";
import { PostgresSubmissionStore } from "../../../server/store";
import { expectDelivered, expectIntact, PREVIOUS_COLUMNS, previousOutbox, SUBMISSION_ID } from "../../../testkit/outbox-upgrade";
import { createTestDatabase, type TestDatabase } from "../../../testkit/postgres";
import { startWebhookReceiver } from "../../../testkit/webhook-receiver";

jest.setTimeout(60_000);

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
const dirs: string[] = [];

async function freshPool(max = 2): Promise<{ pool: Pool; database: TestDatabase }> {
  const database = await createTestDatabase();
  databases.push(database);
  const pool = new Pool({ connectionString: database.url, max });
  pools.push(pool);
  return { pool, database };
}

function newPool(url: string): Pool {
  const pool = new Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
}

/** A folder of migrations for one test: this release's first one, then the given files. */
function migrationsDir(files: Record<string, string>, withInitial = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-migrations-"));
  dirs.push(dir);
  if (withInitial) fs.copyFileSync(path.join(POSTGRES_MIGRATIONS_DIR, "001-initial.sql"), path.join(dir, "001-initial.sql"));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

async function tables(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

async function columns(pool: Pool, table: string): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
    "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
    [table],
  );
  return Object.fromEntries(rows.map((row) => [row.column_name, `${row.data_type}${row.is_nullable === "NO" ? " not null" : ""}`]));
}

async function history(pool: Pool): Promise<{ version: number; name: string; applied_at: Date }[]> {
  return (await pool.query("SELECT version, name, applied_at FROM schema_migrations ORDER BY version")).rows;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const releaseMigrations = readMigrations();

describe("PostgreSQL migrations", () => {
  test("this release's migrations are numbered from 001 without gaps, the first one the initial schema", () => {
    expect(releaseMigrations.length).toBeGreaterThanOrEqual(1);
    expect(releaseMigrations[0]!.name).toBe("001-initial");
    releaseMigrations.forEach((migration, index) => expect(migration.version).toBe(index + 1));
  });

  test("a fresh database gets the whole schema, each migration recorded in schema_migrations", async () => {
    const { pool } = await freshPool();
    const logged: string[] = [];

    const applied = await migratePostgres(pool, { log: (message) => logged.push(message) });

    expect(applied).toEqual(releaseMigrations.map((migration) => migration.version));
    expect(logged).toEqual(releaseMigrations.map((migration) => `PostgreSQL schema: applied migration ${migration.name}`));
    expect((await history(pool)).map(({ version, name }) => ({ version, name }))).toEqual(
      releaseMigrations.map(({ version, name }) => ({ version, name })),
    );
    expect(await tables(pool)).toEqual(
      expect.arrayContaining(["attachments", "outbox", "schema_migrations", "server_secrets", "spam_digests", "submissions", "used_challenges", "webhook_endpoints_disabled"]),
    );

    // The same columns as the SQLite store's, times as timestamptz, the files' bytes in attachments.
    expect(await columns(pool, "submissions")).toEqual({
      id: "uuid not null",
      mail_type: "text not null",
      payload: "json not null",
      created_at: "timestamp with time zone not null",
      idempotency_scope: "text",
      idempotency_key: "text",
      idempotency_fingerprint: "text",
      verdict: "text not null",
      spam_reasons: "json",
      held_notification: "json",
      released_at: "timestamp with time zone",
    });
    expect(await columns(pool, "attachments")).toEqual({
      id: "uuid not null",
      submission_id: "uuid not null",
      field: "text not null",
      original_name: "text not null",
      stored_name: "text not null",
      content_type: "text not null",
      size: "bigint not null",
      content: "bytea not null",
    });
    expect(await columns(pool, "outbox")).toEqual({
      id: "uuid not null",
      channel: "text not null",
      submission_id: "uuid not null",
      mail_from: "text not null",
      addressed_to: "text not null",
      recipient: "text not null",
      reply_to: "text",
      topic: "text not null",
      body: "text not null",
      attachments: "json not null",
      dedup_id: "text not null",
      dated_at: "timestamp with time zone not null",
      status: "text not null",
      attempts: "integer not null",
      next_attempt_at: "timestamp with time zone not null",
      claim_token: "uuid",
      locked_until: "timestamp with time zone",
      last_error: "text",
      pending_since: "timestamp with time zone not null",
      overdue_reported: "boolean not null",
      created_at: "timestamp with time zone not null",
      sent_at: "timestamp with time zone",
    });
    const { rows: indexes } = await pool.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'outbox'");
    expect(indexes.map((row) => row.indexdef)).toEqual(expect.arrayContaining([expect.stringMatching(/ON public\.outbox USING btree \(status, next_attempt_at\)$/)]));
  });

  test("the schema keeps a submission, its file bytes and outbox rows together, and deleting it deletes them", async () => {
    const { pool } = await freshPool();
    await migratePostgres(pool);
    const submissionId = randomUUID();
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a]);
    await pool.query("INSERT INTO submissions (id, mail_type, payload) VALUES ($1, 'careers', $2)", [
      submissionId,
      JSON.stringify({ email: "a@example.com", message: "nul \u0000 kept" }),
    ]);
    await pool.query(
      `INSERT INTO attachments (id, submission_id, field, original_name, stored_name, content_type, size, content)
       VALUES ($1, $2, 'resume', 'cv.pdf', $3, 'application/pdf', $4, $5)`,
      [randomUUID(), submissionId, `${randomUUID()}.pdf`, bytes.length, bytes],
    );
    const outbox = `INSERT INTO outbox (id, submission_id, mail_from, addressed_to, recipient, topic, body, attachments, dedup_id, dated_at,
         next_attempt_at, pending_since, status, claim_token, locked_until)
       VALUES ($1, $2, 'w@example.com', 'a@x.com,b@x.com', $3, 's', 'b', '[]', '<m@x>', now(), now(), now(), $4, $5, $6)`;
    await pool.query(outbox, [randomUUID(), submissionId, "a@x.com", "pending", null, null]);
    await pool.query(outbox, [randomUUID(), submissionId, "b@x.com", "sending", randomUUID(), new Date(Date.now() + 60_000)]);

    const stored = await pool.query<{ content: Buffer }>("SELECT content FROM attachments WHERE submission_id = $1", [submissionId]);
    expect(stored.rows[0]!.content.equals(bytes)).toBe(true);

    // A row being sent must hold a claim token and a lease, else nobody would ever claim it again.
    await expect(pool.query(outbox, [randomUUID(), submissionId, "c@x.com", "sending", null, null])).rejects.toThrow(/check constraint/);
    // The recorded size is the size of the bytes kept.
    await expect(
      pool.query(
        `INSERT INTO attachments (id, submission_id, field, original_name, stored_name, content_type, size, content)
         VALUES ($1, $2, 'resume', 'cv.pdf', 'x.pdf', 'application/pdf', 99, $3)`,
        [randomUUID(), submissionId, bytes],
      ),
    ).rejects.toThrow(/check constraint/);

    await pool.query("DELETE FROM submissions WHERE id = $1", [submissionId]);
    const left = await pool.query("SELECT (SELECT count(*) FROM attachments) AS files, (SELECT count(*) FROM outbox) AS messages");
    expect(left.rows[0]).toEqual({ files: "0", messages: "0" });
  });

  test("008 names the outbox's columns for both channels: every row of the previous release's outbox is kept, and delivered as it was queued", async () => {
    const { pool, database } = await freshPool();
    const previous = migrationsDir({}, false);
    for (const migration of releaseMigrations.filter((m) => m.version < 8)) fs.writeFileSync(path.join(previous, `${migration.name}.sql`), migration.sql);
    await migratePostgres(pool, { directory: previous });
    await pool.query("INSERT INTO submissions (id, mail_type, payload) VALUES ($1, 'contact', '{}')", [SUBMISSION_ID]);
    const receiver = await startWebhookReceiver();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-migrations-data-"));
    dirs.push(dataDir);
    try {
      const rows = previousOutbox(receiver.url);
      for (const row of rows) {
        await pool.query(
          `INSERT INTO outbox (${PREVIOUS_COLUMNS.join(", ")}) VALUES (${PREVIOUS_COLUMNS.map((_, index) => `$${index + 1}`).join(", ")})`,
          PREVIOUS_COLUMNS.map((column) => row[column]),
        );
      }

      expect(await migratePostgres(pool)).toEqual([8]);

      expectIntact(rows, (await pool.query("SELECT * FROM outbox")).rows);
      const store = new PostgresSubmissionStore(database.url);
      try {
        await store.ready();
        await expectDelivered(store, rows, dataDir, receiver);
      } finally {
        await store.close();
      }
    } finally {
      await receiver.close();
    }
  });

  test("running the migrations again changes nothing", async () => {
    const { pool } = await freshPool();
    await migratePostgres(pool);
    const submissionId = randomUUID();
    await pool.query("INSERT INTO submissions (id, mail_type, payload) VALUES ($1, 'contact', '{}')", [submissionId]);
    const before = await history(pool);
    const logged: string[] = [];

    expect(await migratePostgres(pool, { log: (message) => logged.push(message) })).toEqual([]);

    expect(logged).toEqual([]);
    expect(await history(pool)).toEqual(before);
    expect((await pool.query("SELECT id FROM submissions")).rows).toEqual([{ id: submissionId }]);
  });

  test("five instances starting at once on one database apply each migration exactly once, the others wait", async () => {
    const { database } = await freshPool();
    // A slow migration (0.5 s) and one that fails if applied twice widen the race.
    const dir = migrationsDir({
      "002-slow.sql": "SELECT pg_sleep(0.5);\nCREATE TABLE slow_marker (id integer PRIMARY KEY);\nINSERT INTO slow_marker VALUES (1);",
      "003-once.sql": "CREATE TABLE once_marker (id integer PRIMARY KEY);\nINSERT INTO once_marker VALUES (1);",
    });
    const instances = Array.from({ length: 5 }, () => newPool(database.url));

    const results = await Promise.all(instances.map((pool) => migratePostgres(pool, { directory: dir })));

    expect(results.flat().sort()).toEqual([1, 2, 3]);
    // Each instance returns only once the schema is complete: every call saw all three applied.
    const pool = instances[0]!;
    expect((await history(pool)).map((row) => row.version)).toEqual([1, 2, 3]);
    expect((await pool.query("SELECT count(*)::int AS n FROM slow_marker")).rows[0]).toEqual({ n: 1 });
    expect((await pool.query("SELECT count(*)::int AS n FROM once_marker")).rows[0]).toEqual({ n: 1 });
  });

  test("five instances starting at once with this release's migrations: each applied once, no error", async () => {
    const { database } = await freshPool();
    const instances = Array.from({ length: 5 }, () => newPool(database.url));

    const results = await Promise.all(instances.map((pool) => migratePostgres(pool)));

    expect(results.flat().sort()).toEqual(releaseMigrations.map((migration) => migration.version));
    const rows = await instances[0]!.query("SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version");
    expect(rows.rows).toEqual(releaseMigrations.map((migration) => ({ version: migration.version, n: 1 })));
  });

  test("a migration that fails is rolled back whole, the error names it, and the next start applies it once fixed", async () => {
    const { pool } = await freshPool();
    const dir = migrationsDir({
      "002-broken.sql": "CREATE TABLE half_done (id integer);\nALTER TABLE outbox ADD COLUMN priority integer;\nSELECT * FROM no_such_table;",
    });

    await expect(migratePostgres(pool, { directory: dir })).rejects.toThrow(
      'PostgreSQL migration 002-broken failed and was rolled back: relation "no_such_table" does not exist',
    );

    // 001 stays applied; nothing of 002 is left.
    expect((await history(pool)).map((row) => row.name)).toEqual(["001-initial"]);
    expect(await tables(pool)).not.toContain("half_done");
    expect(Object.keys(await columns(pool, "outbox"))).not.toContain("priority");
    // The connection went back to the pool usable (no transaction left open).
    expect((await pool.query("SELECT 1 AS ok")).rows).toEqual([{ ok: 1 }]);

    fs.writeFileSync(path.join(dir, "002-broken.sql"), "CREATE TABLE half_done (id integer);\nALTER TABLE outbox ADD COLUMN priority integer;");
    expect(await migratePostgres(pool, { directory: dir })).toEqual([2]);
    expect(await tables(pool)).toContain("half_done");
  });

  test("a database with a released migration renamed is refused", async () => {
    const { pool } = await freshPool();
    await migratePostgres(pool, { directory: migrationsDir({ "002-later.sql": "CREATE TABLE later (id integer);" }) });

    const renamed = migrationsDir({ "002-other.sql": "SELECT 1;" });
    await expect(migratePostgres(pool, { directory: renamed })).rejects.toThrow(
      "The PostgreSQL database has migration 2 recorded as 002-later, but this release's is 002-other",
    );
    expect((await history(pool)).map((row) => row.name)).toEqual(["001-initial", "002-later"]);
  });

  test("migration files out of the convention are refused before anything runs", () => {
    expect(() => readMigrations(migrationsDir({ "003-gap.sql": "SELECT 1;" }))).toThrow(
      "PostgreSQL migration 003-gap.sql must be version 2 (numbered from 001 without gaps)",
    );
    expect(() => readMigrations(migrationsDir({ "002 Bad Name.sql": "SELECT 1;" }))).toThrow(
      "PostgreSQL migration 002 Bad Name.sql must be named NNN-what-it-does.sql (lower case, digits and hyphens)",
    );
    expect(() => readMigrations(migrationsDir({ "002-drop.sql": "-- compatible-from: 002\nSELECT 1;" }))).toThrow(
      "PostgreSQL migration 002-drop.sql: compatible-from must name an earlier migration (001 to 001)",
    );
  });
});
