/**
 * The SQLite store's migration of a site.db made by the previous release
 * (migrations 001 to 008) whose outbox holds rows in every state, e-mail and
 * webhook: after 009 (the outbox's columns named for both channels) every row
 * is intact, and the dispatcher delivers the due ones as they were queued.
 */
import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import { SqliteSubmissionStore } from "../../../server/store";
import { MIGRATIONS, migrate, schemaVersion } from "../../../server/store/sqlite/migrations";
import { expectDelivered, expectIntact, PREVIOUS_COLUMNS, previousOutbox, SUBMISSION_ID } from "../../../testkit/outbox-upgrade";
import { startWebhookReceiver, type WebhookReceiver } from "../../../testkit/webhook-receiver";

let dir: string;
let receiver: WebhookReceiver;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-migrations-"));
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The columns the previous release kept as ms since the epoch (the other times are ISO 8601 text). */
const MS_COLUMNS = new Set(["next_attempt_at", "locked_until", "pending_since"]);

describe("migration 009: the outbox's columns named for both channels", () => {
  it("keeps every row of the previous release's outbox, and the dispatcher delivers them as they were queued", async () => {
    const file = path.join(dir, "site.db");
    const old = new Database(file);
    migrate(old, MIGRATIONS.slice(0, 8));
    old.prepare("INSERT INTO submissions (id, mail_type, payload, created_at) VALUES (?, 'contact', '{}', ?)").run(SUBMISSION_ID, new Date().toISOString());
    const rows = previousOutbox(receiver.url);
    const insert = old.prepare(`INSERT INTO outbox (${PREVIOUS_COLUMNS.join(", ")}) VALUES (${PREVIOUS_COLUMNS.map(() => "?").join(", ")})`);
    for (const row of rows) {
      insert.run(
        PREVIOUS_COLUMNS.map((column) => {
          const value = row[column];
          if (!(value instanceof Date)) return value;
          return MS_COLUMNS.has(column) ? value.getTime() : value.toISOString();
        }),
      );
    }
    old.close();

    const store = new SqliteSubmissionStore(file);
    try {
      const reader = new Database(file, { readonly: true });
      expect(schemaVersion(reader)).toBe(9);
      expectIntact(rows, reader.prepare("SELECT * FROM outbox").all() as Record<string, unknown>[]);
      reader.close();
      await expectDelivered(store, rows, dir, receiver);
    } finally {
      await store.close();
    }
  });
});
