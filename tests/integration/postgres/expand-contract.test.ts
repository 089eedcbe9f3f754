/**
 * Releases side by side on one PostgreSQL database, against a real server:
 * bin/migrate (server/cli/migrate.ts) applies the migrations before the
 * instances start; instances with MIGRATE_ON_START=false refuse a schema older
 * than theirs; an instance of the previous release keeps working on the next
 * release's additive schema, and refuses one a contracting migration marked
 * as past it.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { Pool } from "pg";
import { migrateCli } from "../../../server/cli/migrate";
import { PostgresSubmissionStore } from "../../../server/store";
import { checkPostgresSchema, migratePostgres, POSTGRES_MIGRATIONS_DIR, postgresSchemaStatus, readMigrations } from "../../../server/store/postgres/migrate";
import { createTestDatabase, type TestDatabase } from "../../../testkit/postgres";

jest.setTimeout(60_000);

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
const stores: PostgresSubmissionStore[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<{ url: string; pool: Pool }> {
  const database = await createTestDatabase();
  databases.push(database);
  const pool = new Pool({ connectionString: database.url, max: 2 });
  pools.push(pool);
  return { url: database.url, pool };
}

const release = readMigrations();
const RELEASE = release.length;
const next = (offset: number) => String(RELEASE + offset).padStart(3, "0");

/** This release's migrations and the given later ones: the next release's folder. */
function nextRelease(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-next-release-"));
  dirs.push(dir);
  for (const file of fs.readdirSync(POSTGRES_MIGRATIONS_DIR)) fs.copyFileSync(path.join(POSTGRES_MIGRATIONS_DIR, file), path.join(dir, file));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

/** An instance of this release; `migrate: false` as the release's environment file has it. */
function instance(url: string, migrate: boolean): PostgresSubmissionStore {
  const store = new PostgresSubmissionStore(url, { log: () => undefined, migrate });
  stores.push(store);
  return store;
}

const lead = (n: number) => ({
  mailType: "contact" as const,
  payload: { email: `lead${n}@example.org`, firstName: "Ada" },
  files: [],
  notification: { from: "Website <no-reply@example.com>", to: "sales@example.com", subject: `Lead ${n}`, text: "Body\n", attachments: [] },
});

/** Additive: a new table, a nullable column and a defaulted one on tables this release writes, an index. */
const ADDITIVE = {
  [`${next(1)}-lead-sources.sql`]: [
    "CREATE TABLE lead_sources (id uuid PRIMARY KEY, label text NOT NULL);",
    "ALTER TABLE submissions ADD COLUMN source_id uuid REFERENCES lead_sources (id);",
    "ALTER TABLE outbox ADD COLUMN priority integer NOT NULL DEFAULT 0;",
    "CREATE INDEX submissions_source ON submissions (source_id);",
  ].join("\n"),
};

describe("bin/migrate and MIGRATE_ON_START=false", () => {
  test("an instance that does not migrate refuses a database older than its schema, saying to run bin/migrate; after bin/migrate it serves", async () => {
    const { url, pool } = await freshDatabase();

    const early = instance(url, false);
    await expect(early.ready()).rejects.toThrow(
      /^The PostgreSQL database is at schema version 0, older than this release's \(\d+; pending: 001-initial, .*\): run bin\/migrate \(npm run migrate\) first, or set MIGRATE_ON_START=true$/,
    );
    // It changed nothing: not even the migrations' table.
    expect((await pool.query("SELECT to_regclass('schema_migrations') AS t")).rows).toEqual([{ t: null }]);

    const status: string[] = [];
    expect(await migrateCli(["--status"], { DATABASE_URL: url }, (line) => status.push(line))).toBe(1);
    expect(status[0]).toBe(`PostgreSQL: schema version 0, this release's ${RELEASE}`);
    expect(status[1]).toMatch(/^Pending: 001-initial, .* \(run bin\/migrate\)$/);

    const out: string[] = [];
    expect(await migrateCli([], { DATABASE_URL: url }, (line) => out.push(line))).toBe(0);
    expect(out).toEqual([
      ...release.map((migration) => `PostgreSQL schema: applied migration ${migration.name}`),
      `PostgreSQL: schema version ${RELEASE}, this release's ${RELEASE}`,
      "This release can run on this schema.",
    ]);

    const again: string[] = [];
    expect(await migrateCli([], { DATABASE_URL: url }, (line) => again.push(line))).toBe(0);
    expect(again[0]).toBe("PostgreSQL schema: no migration pending");
    expect(await migrateCli(["--status"], { DATABASE_URL: url }, () => undefined)).toBe(0);

    const store = instance(url, false);
    await store.ready();
    expect((await store.saveSubmission(lead(1))).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("usage errors and --help change nothing", async () => {
    const { url, pool } = await freshDatabase();
    const err: string[] = [];
    expect(await migrateCli(["--force"], { DATABASE_URL: url }, () => undefined, (line) => err.push(line))).toBe(2);
    expect(err).toEqual([expect.stringContaining("--force"), "Usage: migrate [--status]"]);
    const help: string[] = [];
    expect(await migrateCli(["--help"], { DATABASE_URL: url }, (line) => help.push(line))).toBe(0);
    expect(help.join("\n")).toContain("--status");
    expect((await pool.query("SELECT to_regclass('schema_migrations') AS t")).rows).toEqual([{ t: null }]);
  });
});

describe("expand now, contract later", () => {
  test("this release's instances keep working on the next release's additive schema, whether they migrate at start or not", async () => {
    const { url, pool } = await freshDatabase();
    await migratePostgres(pool);
    const running = instance(url, true);
    await running.ready();
    await running.saveSubmission(lead(1));

    // The next release's bin/migrate runs while this release's instance serves.
    const upgraded = nextRelease(ADDITIVE);
    expect(await migratePostgres(pool, { directory: upgraded })).toEqual([RELEASE + 1]);

    expect(await postgresSchemaStatus(pool)).toEqual({ current: RELEASE + 1, known: RELEASE, pending: [], newer: [`${next(1)}-lead-sources`] });
    // The running instance goes on; a restarted one (either way) starts.
    await running.saveSubmission(lead(2));
    for (const migrate of [true, false]) {
      const restarted = instance(url, migrate);
      await restarted.ready();
      await restarted.saveSubmission(lead(3));
      expect((await restarted.outboxSummary()).pending).toBeGreaterThanOrEqual(3);
    }
    // The newer migration's column took the default on this release's rows; nothing was applied twice.
    expect((await pool.query("SELECT DISTINCT priority FROM outbox")).rows).toEqual([{ priority: 0 }]);
    expect((await pool.query("SELECT count(*)::int AS n FROM schema_migrations")).rows).toEqual([{ n: RELEASE + 1 }]);
    const status: string[] = [];
    expect(await migrateCli(["--status"], { DATABASE_URL: url }, (line) => status.push(line))).toBe(0);
    expect(status).toContain(`Applied by a newer release: ${next(1)}-lead-sources (additive: this release runs on them)`);
  });

  test("a contracting migration is recorded with its mark; a release that knows fewer migrations than it names refuses the schema, one that knows enough runs", async () => {
    const { url, pool } = await freshDatabase();
    // Release n+1 adds a column and stops reading outbox.last_error; release n+2 drops it,
    // marked as needing a release that knows at least n+1 migrations.
    const releaseAfter = nextRelease(ADDITIVE);
    const releaseAfterThat = nextRelease({
      ...ADDITIVE,
      [`${next(2)}-drop-last-error.sql`]: `-- compatible-from: ${next(1)}\nALTER TABLE outbox DROP COLUMN last_error;\n`,
    });
    expect(readMigrations(releaseAfterThat).at(-1)!.compatibleFrom).toBe(RELEASE + 1);
    await migratePostgres(pool, { directory: releaseAfterThat });
    expect((await pool.query("SELECT version, compatible_from FROM schema_migrations WHERE version > $1 ORDER BY version", [RELEASE])).rows).toEqual([
      { version: RELEASE + 1, compatible_from: null },
      { version: RELEASE + 2, compatible_from: RELEASE + 1 },
    ]);

    const refusal = `The PostgreSQL database has migration ${RELEASE + 2} (${next(2)}-drop-last-error), which removes what this release uses: it needs a release that knows at least ${RELEASE + 1} migrations (this one knows ${RELEASE}): run a newer release, or restore the backup taken before the upgrade`;
    await expect(instance(url, true).ready()).rejects.toThrow(refusal);
    await expect(instance(url, false).ready()).rejects.toThrow(refusal);
    await expect(checkPostgresSchema(pool)).rejects.toThrow(refusal);
    await expect(migrateCli([], { DATABASE_URL: url }, () => undefined)).rejects.toThrow(refusal);

    // Release n+1 knows enough.
    expect(await checkPostgresSchema(pool, { directory: releaseAfter })).toMatchObject({ pending: [], newer: [`${next(2)}-drop-last-error`] });
    expect(await migratePostgres(pool, { directory: releaseAfter })).toEqual([]);
  });
});
