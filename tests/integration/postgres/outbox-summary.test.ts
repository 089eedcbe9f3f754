/**
 * The PostgreSQL store's outbox summary (/api/health, metrics) stays cheap
 * whatever the backlog: with 20,000 rows in the outbox, its plan reads the
 * change rows of the counts and the first entry of an index, no scan of the
 * outbox and no sort; the counts equal a count of the rows after every kind
 * of change (ON DELETE CASCADE included), after folding while writers go on,
 * and after the migration that made them on a database with rows already;
 * callers at the same moment share one read.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { Pool } from "pg";
import { PostgresSubmissionStore } from "../../../server/store";
import type { OutboxChannel } from "../../../server/store";
import { migratePostgres, POSTGRES_MIGRATIONS_DIR } from "../../../server/store/postgres/migrate";
import { FOLD_COUNT_CHANGES_SQL, OUTBOX_SUMMARY_SQL } from "../../../server/store/postgres/store";
import { createTestDatabase, type TestDatabase } from "../../../testkit/postgres";
import { runMixedTransitions } from "../../../testkit/outbox-transitions";

jest.setTimeout(120_000);

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
const stores: PostgresSubmissionStore[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all(pools.map((pool) => pool.end()));
  for (const database of databases) await database.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function fresh(): Promise<{ url: string; pool: Pool }> {
  const database = await createTestDatabase();
  databases.push(database);
  const pool = new Pool({ connectionString: database.url, max: 4 });
  pools.push(pool);
  return { url: database.url, pool };
}

async function openStore(url: string): Promise<PostgresSubmissionStore> {
  const store = new PostgresSubmissionStore(url, { log: () => undefined });
  stores.push(store);
  await store.ready();
  return store;
}

interface Counted {
  channel: string;
  status: string;
  n: number;
}

const sorted = (rows: Counted[]) => rows.filter((row) => row.n !== 0).sort((a, b) => `${a.channel}/${a.status}`.localeCompare(`${b.channel}/${b.status}`));

/** The counts kept (the change rows summed), and the rows counted one by one. */
async function countsOf(pool: Pool): Promise<{ kept: Counted[]; counted: Counted[] }> {
  const kept = (await pool.query<Counted>("SELECT channel, status, sum(delta)::int AS n FROM outbox_count_changes GROUP BY channel, status")).rows;
  const counted = (await pool.query<Counted>("SELECT channel, status, count(*)::int AS n FROM outbox GROUP BY channel, status")).rows;
  return { kept: sorted(kept), counted: sorted(counted) };
}

async function plainSummary(pool: Pool, channel: OutboxChannel) {
  const { rows } = await pool.query<{ pending: number; failed: number; oldest: Date | null }>(
    `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed,
       min(pending_since) FILTER (WHERE status IN ('pending', 'sending')) AS oldest
     FROM outbox WHERE channel = $1`,
    [channel],
  );
  return { pending: rows[0].pending, failed: rows[0].failed, oldestPendingSince: rows[0].oldest };
}

/**
 * `count` outbox rows of one submission, in SQL: mostly sent, every 50th
 * pending, every 200th failed; in a schema of this release, or (`previous`)
 * of a release before migration 008 named the columns for both channels.
 */
async function fillOutbox(pool: Pool, count: number, previous = false): Promise<void> {
  const names = previous ? "mail_to, recipient, subject, body, attachments, message_id, mail_date" : "addressed_to, recipient, topic, body, attachments, dedup_id, dated_at";
  await pool.query("INSERT INTO submissions (id, mail_type, payload) VALUES (gen_random_uuid(), 'contact', '{}')");
  await pool.query(
    `INSERT INTO outbox (id, submission_id, channel, mail_from, ${names},
       status, next_attempt_at, pending_since)
     SELECT gen_random_uuid(), (SELECT id FROM submissions LIMIT 1), CASE WHEN i % 3 = 0 THEN 'webhook' ELSE 'email' END, '', 'a@example.com',
       'a@example.com', 's', 'b', '[]', '<m@example.com>', now(),
       CASE WHEN i % 200 = 0 THEN 'failed' WHEN i % 50 = 0 THEN 'pending' ELSE 'sent' END, now(), now() - i * interval '1 second'
     FROM generate_series(1, $1) AS i`,
    [count],
  );
}

describe("the outbox summary's statement", () => {
  it("reads no outbox row but the first entry of the index of waiting rows, with 20,000 rows in the outbox", async () => {
    const { url, pool } = await fresh();
    await openStore(url);
    await fillOutbox(pool, 20_000);
    await pool.query("ANALYZE outbox");
    const { rows } = await pool.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${OUTBOX_SUMMARY_SQL}`, ["email"]);
    const nodes: { "Node Type": string; "Relation Name"?: string; "Index Name"?: string }[] = [];
    const walk = (node: Record<string, unknown>) => {
      nodes.push(node as (typeof nodes)[number]);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((rows[0]["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0].Plan);
    const onOutbox = nodes.filter((node) => node["Relation Name"] === "outbox");
    expect(onOutbox.map((node) => [node["Node Type"], node["Index Name"]])).toEqual([[expect.stringMatching(/^Index (Only )?Scan$/), "outbox_pending_since"]]);
    expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort");
    // And it answers what the rows say.
    const store = await openStore(url);
    expect(await store.outboxSummary("email")).toEqual(await plainSummary(pool, "email"));
    expect(await store.outboxSummary("webhook")).toEqual(await plainSummary(pool, "webhook"));
  });
});

describe("the outbox counts", () => {
  it("equal a count of the rows after every kind of change", async () => {
    const { url, pool } = await fresh();
    const store = await openStore(url);
    const seen = new Set<string>();
    await runMixedTransitions(store, async (step) => {
      const { kept, counted } = await countsOf(pool);
      for (const row of counted) seen.add(`${row.channel}/${row.status}`);
      expect({ step, counts: kept }).toEqual({ step, counts: counted });
      for (const channel of ["email", "webhook"] as const) {
        expect({ step, channel, summary: await store.outboxSummary(channel) }).toEqual({ step, channel, summary: await plainSummary(pool, channel) });
      }
    });
    expect([...seen].sort()).toEqual(["email/failed", "email/pending", "email/sending", "email/sent", "webhook/failed", "webhook/pending", "webhook/sending", "webhook/sent"]);
  });

  it("stay right when the change rows are folded by two instances while writers go on", async () => {
    const { url, pool } = await fresh();
    await openStore(url);
    await fillOutbox(pool, 2_000);
    const writes = (async () => {
      for (let i = 0; i < 30; i++) {
        await pool.query("UPDATE outbox SET status = 'sent' WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' LIMIT 3)");
        await fillOutbox(pool, 10);
      }
    })();
    const folds = (async () => {
      for (let i = 0; i < 20; i++) await Promise.all([pool.query(FOLD_COUNT_CHANGES_SQL), pool.query(FOLD_COUNT_CHANGES_SQL)]);
    })();
    await Promise.all([writes, folds]);
    const { kept, counted } = await countsOf(pool);
    expect(kept).toEqual(counted);
    await pool.query(FOLD_COUNT_CHANGES_SQL);
    const { rows } = await pool.query<{ entries: number }>("SELECT count(*)::int AS entries FROM outbox_count_changes");
    expect(rows[0].entries).toBeLessThanOrEqual(8);
    expect((await countsOf(pool)).kept).toEqual(counted);
  });

  it("are made from the rows already there when a database is migrated", async () => {
    const { pool } = await fresh();
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "pg-migrations-"));
    dirs.push(before);
    for (const file of fs.readdirSync(POSTGRES_MIGRATIONS_DIR).filter((name) => name.endsWith(".sql") && name < "006")) {
      fs.copyFileSync(path.join(POSTGRES_MIGRATIONS_DIR, file), path.join(before, file));
    }
    await migratePostgres(pool, { directory: before });
    await fillOutbox(pool, 500, true);
    expect(await migratePostgres(pool)).toEqual([6, 7, 8]);
    const { kept, counted } = await countsOf(pool);
    expect(kept).toEqual(counted);
    expect(kept.reduce((sum, row) => sum + row.n, 0)).toBe(500);
  });
});

describe("callers asking for the summary at the same moment", () => {
  it("share one read of the database", async () => {
    const { url } = await fresh();
    const store = await openStore(url);
    const before = store.outboxSummaryReads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.outboxSummary()));
    expect(store.outboxSummaryReads - before).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });
});
