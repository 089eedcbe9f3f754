/**
 * `npm run check:migrations`: the store's migrations keep the previous
 * release's instances working (expand now, contract in a later release).
 *
 *   node scripts/migrations/check.mjs            check (CI, npm test's static checks)
 *   node scripts/migrations/check.mjs --record   write the schema of this release (when cutting one)
 *
 * (--postgres-dir DIR and --sqlite-module FILE, a module exporting MIGRATIONS,
 * check other migrations than the repository's: the check's own test.)
 *
 * server/store/released-schema.json records what the last release shipped: its
 * migrations (PostgreSQL: each file's SHA-256) and the schema they make on each
 * store (tables, their columns with type, nullability and default, indexes).
 * The check applies the released migrations to a fresh PostgreSQL database
 * (a throwaway server, testkit/postgres-lib.cjs) and a fresh SQLite file, then
 * each later migration one at a time, and fails when:
 * - a released migration was edited, renamed or removed;
 * - a later migration drops, renames or retypes a table, column or index the
 *   release uses, or makes one of its columns NOT NULL;
 * - a later migration adds a NOT NULL column without a default to one of the
 *   release's tables (the release's inserts do not name it);
 * - a later migration removes anything at all without being marked as
 *   contracting (`-- compatible-from: NNN` / `compatibleFrom`).
 * What the release no longer uses (it stopped reading and writing it) may be
 * listed by hand in the record's "notUsed" (`table` or `table.column` or
 * `index:name`, per store): a later release may then drop it, with the mark.
 */
import { createRequire } from "module";
import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const RECORD = path.join(ROOT, "server", "store", "released-schema.json");
const PG_DIR = path.join(ROOT, "server", "store", "postgres", "migrations");
const SQLITE_MODULE = path.join(ROOT, "server", "store", "sqlite", "migrations", "index.ts");

/** The SQLite migrations (TypeScript), bundled to a temporary CommonJS file. */
async function sqliteMigrations(tmp, entry) {
  const esbuild = require("esbuild");
  const out = path.join(tmp, "sqlite-migrations.cjs");
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    outfile: out,
    logLevel: "error",
  });
  return require(out).MIGRATIONS;
}

function pgMigrations(dir) {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      const mark = /^-- compatible-from: (\d{3})\s*$/.exec(sql.split("\n", 1)[0]);
      return { name: file.slice(0, -4), sql, sha256: crypto.createHash("sha256").update(sql).digest("hex"), contracting: Boolean(mark) };
    });
}

async function pgSchema(client) {
  const schema = {};
  const { rows: columns } = await client.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
  );
  for (const row of columns) {
    schema[row.table_name] ??= { columns: {}, indexes: [] };
    schema[row.table_name].columns[row.column_name] = { type: row.data_type, nullable: row.is_nullable === "YES", default: row.column_default !== null };
  }
  const { rows: indexes } = await client.query("SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY indexname");
  for (const row of indexes) schema[row.tablename]?.indexes.push(row.indexname);
  return schema;
}

function sqliteSchema(db) {
  const schema = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_contracts' ORDER BY name").pluck().all();
  for (const table of tables) {
    const columns = {};
    for (const column of db.prepare(`SELECT * FROM pragma_table_info(?)`).all(table)) {
      columns[column.name] = { type: column.type.toLowerCase(), nullable: column.notnull === 0 && column.pk === 0, default: column.dflt_value !== null };
    }
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").pluck().all(table);
    schema[table] = { columns, indexes };
  }
  return schema;
}

/**
 * What `after` lost or tightened of `before`: [what, problem] pairs, and the
 * NOT NULL columns without default added to tables `before` had.
 */
function diff(before, after) {
  const removed = [];
  const added = [];
  for (const [table, { columns, indexes }] of Object.entries(before)) {
    const now = after[table];
    if (!now) {
      removed.push([table, `table ${table} dropped or renamed`]);
      continue;
    }
    for (const [column, was] of Object.entries(columns)) {
      const is = now.columns[column];
      if (!is) removed.push([`${table}.${column}`, `column ${table}.${column} dropped or renamed`]);
      else if (is.type !== was.type) removed.push([`${table}.${column}`, `column ${table}.${column} changed from ${was.type} to ${is.type}`]);
      else if (was.nullable && !is.nullable) removed.push([`${table}.${column}`, `column ${table}.${column} made NOT NULL`]);
    }
    for (const index of indexes) if (!now.indexes.includes(index)) removed.push([`index:${index}`, `index ${index} (on ${table}) dropped or renamed`]);
    for (const [column, is] of Object.entries(now.columns)) {
      if (!columns[column] && !is.nullable && !is.default) added.push(`column ${table}.${column} added NOT NULL without a default: the previous release's inserts do not name it`);
    }
  }
  return { removed, added };
}

/** Problems of the later migrations, applied one at a time from the released schema. */
function judge(store, steps, record) {
  const notUsed = new Set(record.notUsed?.[store] ?? []);
  const usedBy = (key) => !notUsed.has(key) && !notUsed.has(key.split(".")[0]);
  const problems = [];
  for (const { name, before, after, contracting } of steps) {
    const { removed, added } = diff(before, after);
    for (const problem of added) problems.push(`${store} migration ${name}: ${problem}`);
    for (const [key, problem] of removed) {
      if (usedBy(key) && record[store].schema[key.split(".")[0]] !== undefined) {
        problems.push(`${store} migration ${name}: ${problem}, which release ${record.release} uses (expand now, contract in a later release: docs/deploy.md#migrations)`);
      } else if (!contracting) {
        problems.push(`${store} migration ${name}: ${problem}, but it is not marked as contracting (${store === "postgres" ? "first line -- compatible-from: NNN" : "compatibleFrom"})`);
      }
    }
  }
  return problems;
}

async function main() {
  const { values } = parseArgs({ options: { record: { type: "boolean" }, "postgres-dir": { type: "string" }, "sqlite-module": { type: "string" } } });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "check-migrations-"));
  const { startPostgres, createTestDatabase } = require(path.join(ROOT, "testkit", "postgres-lib.cjs"));
  const Database = require("better-sqlite3");
  const { Client } = require("pg");
  const server = await startPostgres();
  try {
    const record = values.record ? undefined : JSON.parse(fs.readFileSync(RECORD, "utf8"));
    const problems = [];

    // PostgreSQL
    const pg = pgMigrations(path.resolve(values["postgres-dir"] ?? PG_DIR));
    const database = await createTestDatabase(server.url);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const released = record ? record.postgres.migrations.length : pg.length;
    if (record) {
      record.postgres.migrations.forEach((was, index) => {
        const is = pg[index];
        if (!is) problems.push(`postgres migration ${was.name} of release ${record.release} is missing`);
        else if (is.name !== was.name) problems.push(`postgres migration ${was.name} of release ${record.release} was renamed or replaced (now ${is.name})`);
        else if (is.sha256 !== was.sha256) problems.push(`postgres migration ${was.name} of release ${record.release} was edited: change the schema with a new migration`);
      });
    }
    for (const migration of pg.slice(0, released)) await client.query(migration.sql);
    const pgSteps = [];
    let pgBefore = await pgSchema(client);
    if (record) {
      // The released migrations today make the recorded schema (a check of the check).
      const { removed } = diff(record.postgres.schema, pgBefore);
      for (const [, problem] of removed) problems.push(`postgres: the released migrations no longer make the recorded schema: ${problem}`);
    }
    const pgReleased = pgBefore;
    for (const migration of pg.slice(released)) {
      await client.query(migration.sql);
      const after = await pgSchema(client);
      pgSteps.push({ name: migration.name, before: pgBefore, after, contracting: migration.contracting });
      pgBefore = after;
    }
    await client.end();
    await database.drop();

    // SQLite
    const sqlite = await sqliteMigrations(tmp, path.resolve(values["sqlite-module"] ?? SQLITE_MODULE));
    const db = new Database(path.join(tmp, "site.db"));
    const sqliteReleased = record ? record.sqlite.migrations.length : sqlite.length;
    if (record) {
      record.sqlite.migrations.forEach((was, index) => {
        const is = sqlite[index];
        if (!is) problems.push(`sqlite migration ${was} of release ${record.release} is missing`);
        else if (is.name !== was) problems.push(`sqlite migration ${was} of release ${record.release} was renamed or replaced (now ${is.name})`);
      });
    }
    for (const migration of sqlite.slice(0, sqliteReleased)) db.transaction(() => migration.up(db)).immediate();
    let sqliteBefore = sqliteSchema(db);
    const sqliteReleasedSchema = sqliteBefore;
    if (record) {
      const { removed } = diff(record.sqlite.schema, sqliteBefore);
      for (const [, problem] of removed) problems.push(`sqlite: the released migrations no longer make the recorded schema: ${problem}`);
    }
    const sqliteSteps = [];
    for (const migration of sqlite.slice(sqliteReleased)) {
      db.transaction(() => migration.up(db)).immediate();
      const after = sqliteSchema(db);
      sqliteSteps.push({ name: migration.name, before: sqliteBefore, after, contracting: migration.compatibleFrom !== undefined });
      sqliteBefore = after;
    }
    db.close();

    if (values.record) {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
      const out = {
        release: pkg.version,
        postgres: { migrations: pg.map(({ name, sha256 }) => ({ name, sha256 })), schema: pgReleased },
        sqlite: { migrations: sqlite.map((migration) => migration.name), schema: sqliteReleasedSchema },
        notUsed: { postgres: [], sqlite: [] },
      };
      fs.writeFileSync(RECORD, `${JSON.stringify(out, null, 2)}\n`);
      console.log(`Recorded release ${pkg.version}'s schema: ${pg.length} PostgreSQL and ${sqlite.length} SQLite migrations, in ${path.relative(ROOT, RECORD)}`);
      return 0;
    }

    problems.push(...judge("postgres", pgSteps, record), ...judge("sqlite", sqliteSteps, record));
    if (problems.length > 0) {
      console.error(`Migrations that would break release ${record.release}'s instances:`);
      for (const problem of problems) console.error(`  ${problem}`);
      return 1;
    }
    console.log(
      `Migrations keep release ${record.release} working: PostgreSQL ${pg.length - released} and SQLite ${sqlite.length - sqliteReleased} migration(s) since it, none drops, renames or tightens what it uses.`,
    );
    return 0;
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
