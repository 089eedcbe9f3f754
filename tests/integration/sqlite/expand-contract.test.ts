/**
 * Releases side by side on one SQLite file (DATA_DIR/site.db): bin/migrate
 * (server/cli/migrate.ts) before the server starts; a server with
 * MIGRATE_ON_START=false refuses a file older than its schema; this release
 * runs on a file the next release migrated additively (a rollback), and
 * refuses one a contracting migration marked as past it.
 */
import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import { migrateCli } from "../../../server/cli/migrate";
import { SqliteSubmissionStore } from "../../../server/store";
import { MIGRATIONS, migrate, schemaVersion, type Migration } from "../../../server/store/sqlite/migrations";

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-expand-contract-"));
  file = path.join(dir, "site.db");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const RELEASE = MIGRATIONS.length;

const lead = (n: number) => ({
  mailType: "contact" as const,
  payload: { email: `lead${n}@example.org`, firstName: "Ada" },
  files: [],
  notification: { from: "Website <no-reply@example.com>", to: "sales@example.com", subject: `Lead ${n}`, text: "Body\n", attachments: [] },
});

const additive: Migration = {
  version: RELEASE + 1,
  name: "lead-sources",
  up: (db) => db.exec("CREATE TABLE lead_sources (id TEXT PRIMARY KEY); ALTER TABLE submissions ADD COLUMN source_id TEXT; ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;"),
};
const contracting: Migration = {
  version: RELEASE + 2,
  name: "drop-last-error",
  compatibleFrom: RELEASE + 1,
  up: (db) => db.exec("ALTER TABLE outbox DROP COLUMN last_error"),
};

async function saveAndClose(store: SqliteSubmissionStore, n: number): Promise<void> {
  try {
    await store.saveSubmission(lead(n));
  } finally {
    await store.close();
  }
}

describe("SQLite: bin/migrate and MIGRATE_ON_START=false", () => {
  it("a server that does not migrate refuses a file older than its schema, saying to run bin/migrate; after bin/migrate it serves", async () => {
    const env = { DATA_DIR: dir };
    const status: string[] = [];
    expect(await migrateCli(["--status"], env, (line) => status.push(line))).toBe(1);
    expect(status[0]).toBe(`SQLite ${file}: schema version 0, this release's ${RELEASE}`);
    expect(fs.existsSync(file)).toBe(false);

    expect(() => new SqliteSubmissionStore(file, undefined, { migrate: false })).toThrow(
      /^The database is at schema version 0, older than this release's \(\d+; pending: 001-initial, .*\): run bin\/migrate \(npm run migrate\) first, or set MIGRATE_ON_START=true$/,
    );

    const out: string[] = [];
    expect(await migrateCli([], env, (line) => out.push(line))).toBe(0);
    expect(out).toEqual([
      ...MIGRATIONS.map((migration) => `SQLite schema: applied migration ${migration.name}`),
      `SQLite ${file}: schema version ${RELEASE}, this release's ${RELEASE}`,
      "This release can run on this schema.",
    ]);
    // Private to the server's user, in the mode the server uses.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(new Database(file, { readonly: true }).pragma("journal_mode", { simple: true })).toBe("wal");
    expect(await migrateCli(["--status"], env, () => undefined)).toBe(0);

    await saveAndClose(new SqliteSubmissionStore(file, undefined, { migrate: false }), 1);
  });
});

describe("SQLite: expand now, contract later", () => {
  it("this release runs on a file the next release migrated additively", async () => {
    await saveAndClose(new SqliteSubmissionStore(file), 1);
    const db = new Database(file);
    expect(migrate(db, [...MIGRATIONS, additive])).toEqual([RELEASE + 1]);
    db.close();

    for (const migrateOnStart of [true, false]) await saveAndClose(new SqliteSubmissionStore(file, undefined, { migrate: migrateOnStart }), 2);
    const reader = new Database(file, { readonly: true });
    expect(schemaVersion(reader)).toBe(RELEASE + 1);
    expect(reader.prepare("SELECT count(*) AS n FROM submissions").get()).toEqual({ n: 3 });
    reader.close();
  });

  it("a contracting migration is recorded with its mark; a release that knows fewer migrations than it names refuses the file, one that knows enough runs", async () => {
    const db = new Database(file);
    migrate(db, [...MIGRATIONS, additive, contracting]);
    expect(db.prepare("SELECT version, compatible_from FROM schema_contracts").all()).toEqual([{ version: RELEASE + 2, compatible_from: RELEASE + 1 }]);

    const refusal = `The database is at schema version ${RELEASE + 2}; its migration ${RELEASE + 2} removes what this release uses: it needs a release that knows at least ${RELEASE + 1} migrations (this one knows ${RELEASE}): run a newer release, or restore the backup taken before the upgrade`;
    expect(() => migrate(db)).toThrow(refusal);
    expect(() => new SqliteSubmissionStore(file)).toThrow(refusal);
    expect(() => new SqliteSubmissionStore(file, undefined, { migrate: false })).toThrow(refusal);
    await expect(migrateCli([], { DATA_DIR: dir }, () => undefined)).rejects.toThrow(refusal);

    expect(migrate(db, [...MIGRATIONS, additive])).toEqual([]);
    db.close();
  });
});
