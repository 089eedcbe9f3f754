/**
 * Versioned schema migrations of the PostgreSQL store.
 *
 * Convention (keep it when adding one):
 * - One plain SQL file per version in ./migrations, numbered from 001 without
 *   gaps: `NNN-what-it-does.sql`. The files are applied in that order.
 * - Each runs in its own transaction with its row in `schema_migrations
 *   (version, name, applied_at)`, so a failure leaves nothing of it and the
 *   database at the previous version. A file therefore holds no transaction
 *   control (BEGIN/COMMIT) and nothing PostgreSQL refuses inside a
 *   transaction (CREATE INDEX CONCURRENTLY, ALTER TYPE ... ADD VALUE before 12).
 * - Every transaction first takes one advisory lock (`pg_advisory_xact_lock`,
 *   released at its commit or rollback), then reads `schema_migrations`: when
 *   several instances start at once, one applies a migration while the others
 *   wait, then see it applied and skip it. Each migration is applied once.
 * - A migration that was released is never edited or renamed: change the
 *   schema with a new one. The runner refuses a database whose recorded
 *   migrations differ from this release's files.
 * - Expand, then contract (docs/deploy.md#migrations): the instances of the
 *   previous release keep running while the next release's migrations are
 *   applied, so a migration only adds (tables, nullable or defaulted columns,
 *   indexes) and `npm run check:migrations` refuses one that drops, renames or
 *   retypes what the previous release uses. A runner meeting migrations newer
 *   than its own runs on that schema, unless one of them is marked as
 *   contracting: its first line `-- compatible-from: NNN`, NNN the number of
 *   migrations a release must know to run on the schema after it (the last
 *   migration of the first release that no longer uses what it removes). The
 *   mark is recorded in `schema_migrations.compatible_from`, where older
 *   runners read it and refuse to start.
 *
 * The .sql files are not TypeScript: `npm run build:server` copies them next
 * to the compiled runner (scripts/build/copy-sql-migrations.cjs).
 */
import fs from "fs";
import path from "path";
import type { Pool, PoolClient } from "pg";

/** The folder of this release's migrations (beside this file, in the sources and in dist/). */
export const POSTGRES_MIGRATIONS_DIR = path.join(__dirname, "migrations");

/**
 * The advisory lock key of schema changes (any constant all instances share;
 * advisory locks are per database, so other databases on the server do not
 * contend for it).
 */
export const MIGRATION_LOCK_KEY = 7_240_117_001;

const FILE_NAME = /^(\d{3})-[a-z0-9][a-z0-9-]*\.sql$/;
/** The mark of a contracting migration, on its first line. */
const COMPATIBLE_FROM = /^-- compatible-from: (\d{3})\s*$/;

export interface PostgresMigration {
  version: number;
  /** The file name without `.sql`, e.g. `001-initial`. */
  name: string;
  sql: string;
  /** A contracting migration: releases knowing fewer migrations than this refuse the schema it leaves. */
  compatibleFrom?: number;
}

export interface MigrateOptions {
  /** Told about each migration applied. */
  log?: (message: string) => void;
  /** Where the .sql files are (this release's folder by default). */
  directory?: string;
}

/** The migrations of a folder, in order; throws when a name breaks the convention or a version is missing. */
export function readMigrations(directory: string = POSTGRES_MIGRATIONS_DIR): PostgresMigration[] {
  const files = fs
    .readdirSync(directory)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  return files.map((file, index) => {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`PostgreSQL migration ${file} must be named NNN-what-it-does.sql (lower case, digits and hyphens)`);
    const version = Number(match[1]);
    if (version !== index + 1) throw new Error(`PostgreSQL migration ${file} must be version ${index + 1} (numbered from 001 without gaps)`);
    const sql = fs.readFileSync(path.join(directory, file), "utf8");
    const mark = COMPATIBLE_FROM.exec(sql.split("\n", 1)[0]!);
    const compatibleFrom = mark ? Number(mark[1]) : undefined;
    if (compatibleFrom !== undefined && (compatibleFrom < 1 || compatibleFrom >= version)) {
      throw new Error(`PostgreSQL migration ${file}: compatible-from must name an earlier migration (001 to ${String(version - 1).padStart(3, "0")})`);
    }
    return { version, name: file.slice(0, -".sql".length), sql, ...(compatibleFrom === undefined ? {} : { compatibleFrom }) };
  });
}

interface AppliedRow {
  version: number;
  name: string;
  compatible_from?: number | null;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version          integer PRIMARY KEY,
  name             text NOT NULL,
  applied_at       timestamptz NOT NULL DEFAULT now(),
  compatible_from  integer
)`;
/** Tables made before the contracting mark existed get its column. */
const ADD_COMPATIBLE_FROM = "ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS compatible_from integer";

/**
 * Brings the database to this release's schema; resolves with the versions
 * this call applied (none when another instance did, or nothing was due).
 * Throws, naming the migration, when one fails: that one is rolled back.
 */
export async function migratePostgres(pool: Pool, options: MigrateOptions = {}): Promise<number[]> {
  const migrations = readMigrations(options.directory);
  const client = await pool.connect();
  let broken: unknown;
  try {
    const applied: number[] = [];
    for (const migration of migrations) {
      if (await applyOne(client, migration, migrations)) {
        applied.push(migration.version);
        options.log?.(`PostgreSQL schema: applied migration ${migration.name}`);
      }
    }
    return applied;
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // A connection whose rollback failed is not given back to the pool.
    client.release(broken instanceof RollbackFailed ? broken : undefined);
  }
}

class RollbackFailed extends Error {}

/** One migration in its own transaction, under the lock; false when it was applied already. */
async function applyOne(client: PoolClient, migration: PostgresMigration, all: PostgresMigration[]): Promise<boolean> {
  let step = "start";
  try {
    await client.query("BEGIN");
    step = "lock";
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    await client.query(ADD_COMPATIBLE_FROM);
    const { rows } = await client.query<AppliedRow>("SELECT version, name, compatible_from FROM schema_migrations ORDER BY version");
    checkHistory(rows, all);
    if (rows.some((row) => row.version === migration.version)) {
      await client.query("COMMIT");
      return false;
    }
    step = "apply";
    await client.query(migration.sql);
    await client.query("INSERT INTO schema_migrations (version, name, compatible_from) VALUES ($1, $2, $3)", [
      migration.version,
      migration.name,
      migration.compatibleFrom ?? null,
    ]);
    step = "commit";
    await client.query("COMMIT");
    return true;
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch (rollbackError) {
      throw new RollbackFailed(`PostgreSQL migration ${migration.name} failed and could not be rolled back: ${message(rollbackError)}`, {
        cause: error,
      });
    }
    if (error instanceof SchemaHistoryError) throw error;
    const what = step === "apply" || step === "commit" ? "failed and was rolled back" : "could not start";
    throw new Error(`PostgreSQL migration ${migration.name} ${what}: ${message(error)}`, { cause: error });
  }
}

/** The database's schema cannot be used by this release (see the message for what to do). */
class SchemaHistoryError extends Error {}

/**
 * The recorded migrations must be this release's, in the same order. Those
 * beyond them (a newer release's) are accepted unless one is marked as
 * contracting past this release.
 */
function checkHistory(rows: AppliedRow[], all: PostgresMigration[]): void {
  for (const row of rows) {
    const known = all[row.version - 1];
    if (!known) continue;
    if (known.name !== row.name) {
      throw new SchemaHistoryError(
        `The PostgreSQL database has migration ${row.version} recorded as ${row.name}, but this release's is ${known.name}: a released migration was renamed or replaced`,
      );
    }
  }
  const breaking = rows.find((row) => row.version > all.length && row.compatible_from != null && row.compatible_from > all.length);
  if (breaking) {
    throw new SchemaHistoryError(
      `The PostgreSQL database has migration ${breaking.version} (${breaking.name}), which removes what this release uses: ` +
        `it needs a release that knows at least ${breaking.compatible_from} migrations (this one knows ${all.length}): run a newer release, or restore the backup taken before the upgrade`,
    );
  }
}

/** Where a database's schema stands against this release's migrations. */
export interface SchemaStatus {
  /** The last migration applied (0: none). */
  current: number;
  /** How many migrations this release has. */
  known: number;
  /** This release's migrations not applied yet, by name. */
  pending: string[];
  /** Migrations of a newer release applied, by name (this release runs on them: they only add). */
  newer: string[];
}

/** The schema's state, read without changing anything; throws SchemaHistoryError when this release cannot run on it whatever is applied. */
export async function postgresSchemaStatus(pool: Pool, options: Pick<MigrateOptions, "directory"> = {}): Promise<SchemaStatus> {
  const migrations = readMigrations(options.directory);
  const { rows: found } = await pool.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  const rows = found[0]?.present ? (await pool.query<AppliedRow>("SELECT * FROM schema_migrations ORDER BY version")).rows : [];
  checkHistory(rows, migrations);
  const applied = new Set(rows.map((row) => row.version));
  return {
    current: rows.reduce((last, row) => Math.max(last, row.version), 0),
    known: migrations.length,
    pending: migrations.filter((migration) => !applied.has(migration.version)).map((migration) => migration.name),
    newer: rows.filter((row) => row.version > migrations.length).map((row) => row.name),
  };
}

/**
 * For an instance that does not migrate (MIGRATE_ON_START=false): resolves
 * when this release can run on the schema as it is, throws SchemaHistoryError
 * saying what to do when it cannot (migrations pending: run bin/migrate).
 */
export async function checkPostgresSchema(pool: Pool, options: Pick<MigrateOptions, "directory"> = {}): Promise<SchemaStatus> {
  const status = await postgresSchemaStatus(pool, options);
  if (status.pending.length > 0) {
    throw new SchemaHistoryError(
      `The PostgreSQL database is at schema version ${status.current}, older than this release's (${status.known}; pending: ${status.pending.join(", ")}): ` +
        "run bin/migrate (npm run migrate) first, or set MIGRATE_ON_START=true",
    );
  }
  return status;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
