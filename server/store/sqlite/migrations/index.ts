/**
 * Versioned schema migrations of the SQLite store.
 *
 * Convention (keep it when adding one):
 * - One file per version, numbered from 001 without gaps: `NNN-what-it-does.ts`,
 *   exporting a `Migration` whose `version` is that number; add it to
 *   `MIGRATIONS` below in order.
 * - The database's `PRAGMA user_version` is the last version applied. At start,
 *   every migration above it runs, each in its own immediate transaction with
 *   the version bump, so a crash leaves the file at the previous version and
 *   two processes starting together apply each migration once.
 * - A migration that was released is never edited: change the schema with a
 *   new one. 001 is the schema as it was before versioning (`CREATE ... IF NOT
 *   EXISTS`), so files made by earlier releases upgrade in place.
 * - Expand, then contract, as on PostgreSQL (../../postgres/migrate.ts): a
 *   migration only adds, and a runner meeting newer migrations runs on the
 *   file unless one of them is contracting: its `compatibleFrom` (the number
 *   of migrations a release must know to run on the schema after it) is
 *   recorded in `schema_contracts`, where older runners read it and refuse.
 */
import type Database from "better-sqlite3";
import { initialSchema } from "./001-initial";
import { outboxDelivery } from "./002-outbox-delivery";
import { attachmentsByName } from "./003-attachments-by-name";
import { idempotencyKeys } from "./004-idempotency-keys";
import { quarantine } from "./005-quarantine";
import { webhooks } from "./006-webhooks";
import { outboxCounts } from "./007-outbox-counts";
import { uploadQuotas } from "./008-upload-quotas";
import { outboxChannelNames } from "./009-outbox-channel-names";

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
  /** A contracting migration: releases knowing fewer migrations than this refuse the file it leaves. */
  compatibleFrom?: number;
}

/** The file's schema cannot be used by this release (the message says what to do). */
class SchemaVersionError extends Error {}

const CONTRACTS_TABLE = "CREATE TABLE IF NOT EXISTS schema_contracts (version INTEGER PRIMARY KEY, compatible_from INTEGER NOT NULL)";

export const MIGRATIONS: readonly Migration[] = [initialSchema, outboxDelivery, attachmentsByName, idempotencyKeys, quarantine, webhooks, outboxCounts, uploadQuotas, outboxChannelNames];

/** The schema version a database file is at. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/**
 * Refuses a file at a version beyond `latest` when a migration there is
 * contracting past this release; a newer release's additive migrations are
 * fine (this release runs on them).
 */
function checkNewer(db: Database.Database, latest: number): void {
  const current = schemaVersion(db);
  if (current <= latest) return;
  const hasContracts = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_contracts'").get() !== undefined;
  const breaking = hasContracts
    ? (db.prepare("SELECT version, compatible_from FROM schema_contracts WHERE version > ? AND compatible_from > ? ORDER BY version LIMIT 1").get(latest, latest) as
        | { version: number; compatible_from: number }
        | undefined)
    : undefined;
  if (breaking) {
    throw new SchemaVersionError(
      `The database is at schema version ${current}; its migration ${breaking.version} removes what this release uses: it needs a release that knows at least ` +
        `${breaking.compatible_from} migrations (this one knows ${latest}): run a newer release, or restore the backup taken before the upgrade`,
    );
  }
}

function checkNumbering(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migration ${migration.name} must be version ${index + 1}`);
    if (migration.compatibleFrom !== undefined && (migration.compatibleFrom < 1 || migration.compatibleFrom >= migration.version)) {
      throw new Error(`Migration ${migration.name}: compatibleFrom must name an earlier migration`);
    }
  });
}

/** Brings the database to the last version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  checkNumbering(migrations);
  const latest = migrations.length;
  checkNewer(db, latest);
  const applied: number[] = [];
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      // Read again inside the write lock: another process may have applied it meanwhile.
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      if (migration.compatibleFrom !== undefined) {
        db.exec(CONTRACTS_TABLE);
        db.prepare("INSERT INTO schema_contracts (version, compatible_from) VALUES (?, ?)").run(migration.version, migration.compatibleFrom);
      }
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    });
    if (schemaVersion(db) < migration.version) apply.immediate();
  }
  return applied;
}

/**
 * For a server that does not migrate (MIGRATE_ON_START=false): returns when
 * this release can run on the file as it is; throws SchemaVersionError saying
 * what to do when it cannot (migrations pending: run bin/migrate).
 */
export function checkSchema(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): void {
  checkNumbering(migrations);
  const latest = migrations.length;
  const current = schemaVersion(db);
  if (current < latest) {
    throw new SchemaVersionError(
      `The database is at schema version ${current}, older than this release's (${latest}; pending: ${migrations
        .slice(current)
        .map((migration) => migration.name)
        .join(", ")}): run bin/migrate (npm run migrate) first, or set MIGRATE_ON_START=true`,
    );
  }
  checkNewer(db, latest);
}
