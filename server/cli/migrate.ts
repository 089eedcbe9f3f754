/**
 * The store's schema migrations, applied by the operator before the instances
 * start (a release's `bin/migrate`; `npm run migrate` in a checkout):
 *
 *   bin/migrate              apply this release's pending migrations, then exit
 *   bin/migrate --status     say where the schema stands, change nothing
 *
 * Run with the deployment's environment: PostgreSQL when DATABASE_URL is set,
 * else DATA_DIR/site.db. With MIGRATE_ON_START=false (the release's
 * environment file) the instances only check the schema, and one older than
 * theirs stops them with a line saying to run this command.
 *
 * Exit codes: 0 the schema is one this release runs on (after the migrations,
 * or as it is for --status); 1 it is not (a migration failed and was rolled
 * back, --status found migrations pending, or a newer release contracted the
 * schema past this one); 2 usage error.
 */
import Database from "better-sqlite3";
import fs from "fs";
import path from "path";
import { Pool } from "pg";
import { loadConfig } from "../config";
import { checkPostgresSchema, migratePostgres, postgresSchemaStatus, readMigrations, type SchemaStatus } from "../store/postgres/migrate";
import { makeDataDirPrivate } from "../store/privacy";
import { checkSchema, MIGRATIONS, migrate, schemaVersion } from "../store/sqlite/migrations";
import { readArgs, readRequest, type CommandText } from "./args";
import { runCommand } from "./run";

export const MIGRATE_TEXT: CommandText = {
  usage: "Usage: migrate [--status]",
  help: [
    "Applies this release's pending schema migrations to the store (PostgreSQL when DATABASE_URL is set, else DATA_DIR/site.db), each in its own transaction, then exits.",
    "Safe to run while instances of this or the previous release serve: migrations only add, and several runs at once apply each migration once.",
    "  --status   print the schema's version, this release's, and the migrations pending or newer; change nothing (exit code 1 when migrations are pending)",
    "Exit code 1 when a migration failed (it was rolled back; the schema stays at the previous version) or the schema was contracted by a newer release past this one.",
  ].join("\n"),
};

interface Request {
  status: boolean;
}

function parseMigrateArgs(args: string[]): Request {
  const { values } = readArgs(args, { status: { type: "boolean" } });
  return { status: values.status === true };
}

function statusLines(store: string, status: SchemaStatus): string[] {
  const lines = [`${store}: schema version ${status.current}, this release's ${status.known}`];
  if (status.pending.length > 0) lines.push(`Pending: ${status.pending.join(", ")} (run bin/migrate)`);
  if (status.newer.length > 0) lines.push(`Applied by a newer release: ${status.newer.join(", ")} (additive: this release runs on them)`);
  if (status.pending.length === 0) lines.push("This release can run on this schema.");
  return lines;
}

async function postgres(databaseUrl: string, request: Request, out: (line: string) => void): Promise<number> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 10_000, application_name: "industrial-group-site migrate" });
  // A connection that breaks while idle must not end the process with an unhandled 'error'.
  pool.on("error", () => undefined);
  try {
    if (!request.status) {
      const applied = await migratePostgres(pool, { log: out });
      if (applied.length === 0) out("PostgreSQL schema: no migration pending");
    }
    const status = await postgresSchemaStatus(pool);
    for (const line of statusLines("PostgreSQL", status)) out(line);
    if (request.status) return status.pending.length > 0 ? 1 : 0;
    await checkPostgresSchema(pool);
    return 0;
  } finally {
    await pool.end();
  }
}

function sqlite(dataDir: string, request: Request, out: (line: string) => void): number {
  const file = path.join(dataDir, "site.db");
  if (request.status && !fs.existsSync(file)) {
    for (const line of statusLines(`SQLite ${file}`, { current: 0, known: MIGRATIONS.length, pending: MIGRATIONS.map((m) => m.name), newer: [] })) out(line);
    return 1;
  }
  if (!request.status) makeDataDirPrivate(dataDir);
  const db = new Database(file, { readonly: request.status });
  try {
    db.pragma("busy_timeout = 5000");
    if (!request.status) {
      // The server opens the file in WAL mode; made so here, a first start does not have to switch it.
      db.pragma("journal_mode = WAL");
      const applied = migrate(db);
      for (const version of applied) out(`SQLite schema: applied migration ${MIGRATIONS[version - 1]!.name}`);
      if (applied.length === 0) out("SQLite schema: no migration pending");
    }
    const current = schemaVersion(db);
    const status: SchemaStatus = {
      current,
      known: MIGRATIONS.length,
      pending: MIGRATIONS.slice(current).map((m) => m.name),
      newer: current > MIGRATIONS.length ? [`versions ${MIGRATIONS.length + 1} to ${current}`] : [],
    };
    if (status.pending.length === 0) checkSchema(db);
    for (const line of statusLines(`SQLite ${file}`, status)) out(line);
    return status.pending.length > 0 ? 1 : 0;
  } finally {
    db.close();
  }
}

export async function migrateCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const parsed = readRequest(args, MIGRATE_TEXT, { out, err }, parseMigrateArgs);
  if ("exit" in parsed) return parsed.exit;
  const config = loadConfig(env);
  if (config.databaseUrl) {
    // The release's files read before connecting: a broken set of migrations is said without touching the database.
    readMigrations();
    return postgres(config.databaseUrl, parsed.request, out);
  }
  return sqlite(config.dataDir, parsed.request, out);
}

if (require.main === module) runCommand((args) => migrateCli(args));
