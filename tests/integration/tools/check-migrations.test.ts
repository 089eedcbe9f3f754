/**
 * `npm run check:migrations` (scripts/migrations/check.mjs) run as CI runs it,
 * on the repository's migrations and on later ones written for the test: it
 * passes additive migrations and fails, naming the migration and what it
 * breaks, on one that drops, renames or tightens what the released schema
 * (server/store/released-schema.json) has.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { MIGRATIONS } from "../../../server/store/sqlite/migrations";

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "..", "..", "..");
const PG_DIR = path.join(ROOT, "server", "store", "postgres", "migrations");
const record = JSON.parse(fs.readFileSync(path.join(ROOT, "server", "store", "released-schema.json"), "utf8")) as {
  release: string;
  postgres: { migrations: { name: string }[] };
  sqlite: { migrations: string[] };
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-migrations-test-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function check(args: string[] = []): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "migrations", "check.mjs"), ...args], { cwd: ROOT, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The repository's PostgreSQL migrations and the given later files. */
function pgDir(files: Record<string, string>): string {
  const out = path.join(dir, "pg");
  fs.mkdirSync(out);
  for (const file of fs.readdirSync(PG_DIR)) fs.copyFileSync(path.join(PG_DIR, file), path.join(out, file));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(out, name), sql);
  return out;
}

/** A module of the repository's SQLite migrations and one more (its up() as SQL). */
function sqliteModule(sql: string, marked = false): string {
  const file = path.join(dir, "sqlite-migrations.ts");
  const index = path.join(ROOT, "server", "store", "sqlite", "migrations", "index.ts");
  const version = MIGRATIONS.length + 1;
  fs.writeFileSync(
    file,
    `import { MIGRATIONS as RELEASED } from ${JSON.stringify(index)};\n` +
      `export const MIGRATIONS = [...RELEASED, { version: ${version}, name: "${version}-later", ${marked ? `compatibleFrom: ${version - 1}, ` : ""}up: (db: { exec(sql: string): void }) => db.exec(${JSON.stringify(sql)}) }];\n`,
  );
  return file;
}

const next = String(record.postgres.migrations.length + 1).padStart(3, "0");

test("the repository's migrations pass: the record is this release's", () => {
  expect(record.postgres.migrations.map((m) => m.name)).toEqual(fs.readdirSync(PG_DIR).filter((f) => f.endsWith(".sql")).sort().map((f) => f.slice(0, -4)).slice(0, record.postgres.migrations.length));
  expect(record.sqlite.migrations).toEqual(MIGRATIONS.map((m) => m.name).slice(0, record.sqlite.migrations.length));
  const result = check();
  expect(result.output).toContain(`Migrations keep release ${record.release} working`);
  expect(result.status).toBe(0);
});

test("additive migrations pass", () => {
  const result = check([
    "--postgres-dir",
    pgDir({ [`${next}-sources.sql`]: "CREATE TABLE sources (id integer PRIMARY KEY);\nALTER TABLE outbox ADD COLUMN priority integer NOT NULL DEFAULT 0;\nALTER TABLE submissions ADD COLUMN source integer;\n" }),
    "--sqlite-module",
    sqliteModule("ALTER TABLE submissions ADD COLUMN source INTEGER; CREATE INDEX submissions_source ON submissions (source);"),
  ]);
  expect(result.output).toContain("PostgreSQL 1 and SQLite 1 migration(s) since it");
  expect(result.status).toBe(0);
});

test("a migration that drops, renames or tightens what the release uses fails, marked as contracting or not", () => {
  const result = check([
    "--postgres-dir",
    pgDir({
      [`${next}-contract.sql`]: `-- compatible-from: ${String(record.postgres.migrations.length).padStart(3, "0")}\nALTER TABLE outbox DROP COLUMN last_error;\nALTER TABLE submissions RENAME COLUMN verdict TO screening;\nALTER TABLE submissions ALTER COLUMN released_at SET NOT NULL;\nALTER TABLE outbox ADD COLUMN priority integer NOT NULL;\n`,
    }),
    "--sqlite-module",
    sqliteModule("ALTER TABLE outbox DROP COLUMN last_error;", true),
  ]);
  expect(result.status).toBe(1);
  expect(result.output).toContain(`postgres migration ${next}-contract: column outbox.last_error dropped or renamed, which release ${record.release} uses`);
  expect(result.output).toContain(`postgres migration ${next}-contract: column submissions.verdict dropped or renamed, which release ${record.release} uses`);
  expect(result.output).toContain(`postgres migration ${next}-contract: column submissions.released_at made NOT NULL`);
  expect(result.output).toContain(`postgres migration ${next}-contract: column outbox.priority added NOT NULL without a default`);
  expect(result.output).toContain(`sqlite migration ${MIGRATIONS.length + 1}-later: column outbox.last_error dropped or renamed, which release ${record.release} uses`);
});

test("a released migration edited is refused", () => {
  const edited = pgDir({});
  fs.appendFileSync(path.join(edited, "001-initial.sql"), "\n-- edited\n");
  const result = check(["--postgres-dir", edited]);
  expect(result.status).toBe(1);
  expect(result.output).toContain("postgres migration 001-initial of release");
  expect(result.output).toContain("was edited: change the schema with a new migration");
});
