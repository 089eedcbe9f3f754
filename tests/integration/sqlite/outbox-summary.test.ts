/**
 * The SQLite store's outbox summary (/api/health, metrics) stays cheap
 * whatever the backlog: its statements read the counts kept by triggers and
 * one entry of an index, never the outbox's rows (the query plan says so);
 * the counts equal a count of the rows after every kind of change, and after
 * the migration that made them on a file with rows already; callers at the
 * same moment share one read.
 */
import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import { SqliteSubmissionStore } from "../../../server/store";
import { MIGRATIONS, migrate } from "../../../server/store/sqlite/migrations";
import { OLDEST_PENDING_SQL, OUTBOX_COUNTS_SQL } from "../../../server/store/sqlite/store";
import type { OutboxChannel } from "../../../server/store";
import { runMixedTransitions } from "../../../testkit/outbox-transitions";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-summary-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newFile = () => path.join(dir, `site-${++files}.db`);

interface Counted {
  channel: string;
  status: string;
  n: number;
}

const sorted = (rows: Counted[]) => rows.filter((row) => row.n !== 0).sort((a, b) => `${a.channel}/${a.status}`.localeCompare(`${b.channel}/${b.status}`));

/** The counts kept, and the rows counted one by one. */
function countsOf(db: Database.Database): { kept: Counted[]; counted: Counted[] } {
  return {
    kept: sorted(db.prepare("SELECT channel, status, n FROM outbox_counts").all() as Counted[]),
    counted: sorted(db.prepare("SELECT channel, status, COUNT(*) AS n FROM outbox GROUP BY channel, status").all() as Counted[]),
  };
}

/** The summary as a plain query over the rows computes it. */
function plainSummary(db: Database.Database, channel: OutboxChannel) {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(status IN ('pending', 'sending')), 0) AS pending, COALESCE(SUM(status = 'failed'), 0) AS failed,
         MIN(CASE WHEN status IN ('pending', 'sending') THEN pending_since END) AS oldest
       FROM outbox WHERE channel = ?`,
    )
    .get(channel) as { pending: number; failed: number; oldest: number | null };
  return { pending: row.pending, failed: row.failed, oldestPendingSince: row.oldest === null ? null : new Date(row.oldest) };
}

describe("the outbox summary's statements", () => {
  it("read no outbox row but the first entry of the index of waiting rows", () => {
    const db = new Database(newFile());
    migrate(db);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all("email") as { detail: string }[]).map((row) => row.detail);
    // The counts: the small table only.
    expect(plan(OUTBOX_COUNTS_SQL).every((step) => !/\boutbox\b(?!_)/.test(step))).toBe(true);
    // The oldest waiting row: a search of the partial index in its order (no sort, so the LIMIT 1 stops at the first entry).
    expect(plan(OLDEST_PENDING_SQL)).toEqual([expect.stringMatching(/^SEARCH outbox USING COVERING INDEX outbox_pending_since \(channel=\?\)$/)]);
    db.close();
  });
});

describe("the outbox counts", () => {
  it("equal a count of the rows after every kind of change", async () => {
    const file = newFile();
    const store = new SqliteSubmissionStore(file);
    const reader = new Database(file, { readonly: true });
    const steps: string[] = [];
    const seen = new Set<string>();
    try {
      await runMixedTransitions(store, async (step) => {
        steps.push(step);
        const { kept, counted } = countsOf(reader);
        for (const row of counted) seen.add(`${row.channel}/${row.status}`);
        expect({ step, counts: kept }).toEqual({ step, counts: counted });
        for (const channel of ["email", "webhook"] as const) {
          expect({ step, channel, summary: await store.outboxSummary(channel) }).toEqual({ step, channel, summary: plainSummary(reader, channel) });
        }
      });
      // The sequence went through every status on both channels.
      expect(steps.length).toBeGreaterThan(10);
      expect([...seen].sort()).toEqual(["email/failed", "email/pending", "email/sending", "email/sent", "webhook/failed", "webhook/pending", "webhook/sending", "webhook/sent"]);
    } finally {
      reader.close();
      await store.close();
    }
  });

  it("are made from the rows already there when a file is migrated", () => {
    const db = new Database(newFile());
    migrate(db, MIGRATIONS.slice(0, 6));
    db.prepare("INSERT INTO submissions (id, mail_type, payload, created_at) VALUES ('s1', 'contact', '{}', '2026-01-01T00:00:00.000Z')").run();
    const insert = db.prepare(
      `INSERT INTO outbox (id, submission_id, channel, mail_from, mail_to, recipient, subject, body, attachments, status, next_attempt_at, pending_since, created_at)
       VALUES (?, 's1', ?, '', 'a@example.com', 'a@example.com', 's', 'b', '[]', ?, 0, ?, '2026-01-01T00:00:00.000Z')`,
    );
    const statuses = ["pending", "sending", "sent", "failed"];
    for (let i = 0; i < 50; i++) insert.run(`o${i}`, i % 3 === 0 ? "webhook" : "email", statuses[i % 4], 1_000 + i);
    expect(migrate(db)).toEqual([7, 8, 9]);
    const { kept, counted } = countsOf(db);
    expect(kept).toEqual(counted);
    expect(kept.reduce((sum, row) => sum + row.n, 0)).toBe(50);
    db.close();
  });
});

describe("callers asking for the summary at the same moment", () => {
  it("share one read of the database, and a change made by this process is seen by the next caller", async () => {
    const store = new SqliteSubmissionStore(newFile());
    try {
      const before = store.outboxSummaryReads;
      const answers = await Promise.all(Array.from({ length: 20 }, () => store.outboxSummary()));
      expect(store.outboxSummaryReads - before).toBe(1);
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      // Given again within the second, without reading.
      await store.outboxSummary();
      expect(store.outboxSummaryReads - before).toBe(1);
      await store.saveSubmission({
        mailType: "newsletter",
        payload: { email: "a@example.org" },
        files: [],
        notification: { from: "Website <no-reply@example.com>", to: "sales@example.com", subject: "New", text: "Body\n", attachments: [] },
      });
      expect((await store.outboxSummary()).pending).toBe(1);
      expect(store.outboxSummaryReads - before).toBe(2);
    } finally {
      await store.close();
    }
  });
});
