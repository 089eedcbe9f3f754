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
 *   migrations differ from this release's files, or that is newer than them.
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

export interface PostgresMigration {
  version: number;
  /** The file name without `.sql`, e.g. `001-initial`. */
  name: string;
  sql: string;
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
    return { version, name: file.slice(0, -".sql".length), sql: fs.readFileSync(path.join(directory, file), "utf8") };
  });
}

interface AppliedRow {
  version: number;
  name: string;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version     integer PRIMARY KEY,
  name        text NOT NULL,
  applied_at  timestamptz NOT NULL DEFAULT now()
)`;

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
    const { rows } = await client.query<AppliedRow>("SELECT version, name FROM schema_migrations ORDER BY version");
    checkHistory(rows, all);
    if (rows.some((row) => row.version === migration.version)) {
      await client.query("COMMIT");
      return false;
    }
    step = "apply";
    await client.query(migration.sql);
    await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
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

class SchemaHistoryError extends Error {}

/** The recorded migrations must be this release's, in the same order, and none beyond them. */
function checkHistory(rows: AppliedRow[], all: PostgresMigration[]): void {
  for (const row of rows) {
    const known = all[row.version - 1];
    if (!known) {
      throw new SchemaHistoryError(
        `The PostgreSQL database has migration ${row.version} (${row.name}), newer than this release knows (${all.length}): upgrade the server`,
      );
    }
    if (known.name !== row.name) {
      throw new SchemaHistoryError(
        `The PostgreSQL database has migration ${row.version} recorded as ${row.name}, but this release's is ${known.name}: a released migration was renamed or replaced`,
      );
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
