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
}

export const MIGRATIONS: readonly Migration[] = [initialSchema, outboxDelivery, attachmentsByName, idempotencyKeys, quarantine, webhooks, outboxCounts, uploadQuotas, outboxChannelNames];

/** The schema version a database file is at. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/** Brings the database to the last version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migration ${migration.name} must be version ${index + 1}`);
  });
  const latest = migrations.length;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new Error(`The database is at schema version ${current}, newer than this release knows (${latest}): upgrade the server`);
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      // Read again inside the write lock: another process may have applied it meanwhile.
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    });
    if (schemaVersion(db) < migration.version) apply.immediate();
  }
  return applied;
}
