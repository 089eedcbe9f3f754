import Database from "better-sqlite3";
import fs from "fs";
import yaml from "js-yaml";
import os from "os";
import path from "path";
import { Pool } from "pg";
import type { Response } from "supertest";
import { createApp, type SiteApp } from "../server/app";
import { loadConfig, type Config } from "../server/config";
import { createLogger } from "../server/log";
import { PostgresSubmissionStore, SqliteSubmissionStore, type NotificationAttachment, type SubmissionStore } from "../server/store";
import { createTestDatabase, type TestDatabase } from "./postgres";

export const ROOT = path.resolve(__dirname, "..");
export const API = "/api/v1/contact";

/** The first example the contract gives of a JSON call's body: a valid request, as integrators see it. */
export function contractExample(call: string): Record<string, unknown> {
  const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as {
    paths: Record<string, { post?: { requestBody?: { content?: Record<string, { examples?: Record<string, { value: Record<string, unknown> }> }> } } }>;
  };
  const examples = spec.paths[`${API}/${call}`]?.post?.requestBody?.content?.["application/json"]?.examples ?? {};
  const [first] = Object.values(examples);
  if (!first) throw new Error(`openapi.yaml gives no JSON example of ${call}`);
  return { ...first.value };
}

/**
 * The store the store-independent contract suite runs against:
 * CONTRACT_STORE=sqlite (the default: DATA_DIR/site.db and uploads/) or
 * postgres (a fresh schema per app in a database of this test file, on the
 * jest run's PostgreSQL). jest.config.js runs those files once per store.
 */
export type ContractStore = "sqlite" | "postgres";
export const CONTRACT_STORE: ContractStore = contractStoreFrom(process.env.CONTRACT_STORE);

function contractStoreFrom(raw: string | undefined): ContractStore {
  const value = raw?.trim() || "sqlite";
  if (value !== "sqlite" && value !== "postgres") throw new Error(`CONTRACT_STORE must be sqlite or postgres, got "${value}"`);
  return value;
}

export type Table = "submissions" | "attachments" | "outbox";

/** A submission as the store holds it, the same shape for both stores. */
export interface StoredRows {
  submission: { id: string; mail_type: string; payload: Record<string, unknown> };
  /** Its attachment rows, by field, with the file's bytes (from uploads/ for SQLite, the content column for PostgreSQL). */
  attachments: AttachmentRow[];
  /** Its outbox rows (one per recipient). */
  outbox: StoredOutboxRow[];
}

export interface TestApp {
  app: SiteApp;
  config: Config;
  dataDir: string;
  /** The store the app writes to. */
  store: ContractStore;
  /** Internal errors the app logged. */
  internalErrors: unknown[];
  /** Opens the app's SQLite file (read-only) for checks; SQLite only (the store's own tests). */
  db(): Database.Database;
  /** What the store holds for a submission; undefined when it holds nothing of it. */
  stored(id: string): Promise<StoredRows | undefined>;
  /** How many rows a table holds. */
  count(table: Table): Promise<number>;
  /** The stored names of the files the store keeps (files under uploads/; for PostgreSQL also its attachment rows). */
  keptFiles(): Promise<string[]>;
  /** Moves a submission's creation time (as if it had been stored then). */
  backdate(id: string, createdAt: Date): Promise<void>;
  /** Moves every upload-quota window's start back by `ms` (as if the windows had started that much earlier). */
  ageUploadQuotas(ms: number): Promise<void>;
  /** Another app on the same configuration and data (a restart, or a second instance), its store ready; its internal errors are collected with this one's. The test closes it. */
  another(): Promise<SiteApp>;
  cleanup(): Promise<void>;
}

function temporaryDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "api-contract-"));
}

function configFor(dataDir: string, overrides: Partial<Config>, env: NodeJS.ProcessEnv): Config {
  return {
    // The spam defence is off unless a test turns it on (SPAM_CHECKS: "on"): the others send no proof of work.
    ...loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "10000", SPAM_CHECKS: "off", ...env }, ROOT),
    validateResponses: true,
    ...overrides,
  };
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** How a test reads what a store holds, beside the app. */
type Probe = Pick<TestApp, "db" | "stored" | "count" | "keptFiles" | "backdate" | "ageUploadQuotas"> & { close(): Promise<void> };

/** Reads the SQLite file of DATA_DIR (site.db) and its uploads/ folder. */
function sqliteProbe(dataDir: string): Probe {
  const opened: Database.Database[] = [];
  const dbFile = path.join(dataDir, "site.db");
  const open = (): Database.Database | undefined => {
    if (!fs.existsSync(dbFile)) return undefined;
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    opened.push(db);
    return db;
  };
  return {
    db() {
      const db = open();
      if (!db) throw new Error(`no SQLite file at ${dbFile}`);
      return db;
    },
    async stored(id) {
      const db = open();
      if (!db) return undefined;
      try {
        const submission = db.prepare("SELECT id, mail_type, payload FROM submissions WHERE id = ?").get(id) as
          | { id: string; mail_type: string; payload: string }
          | undefined;
        if (!submission) return undefined;
        const attachments = db.prepare("SELECT * FROM attachments WHERE submission_id = ? ORDER BY field").all(id) as Omit<AttachmentRow, "content">[];
        const outbox = db.prepare("SELECT * FROM outbox WHERE submission_id = ? ORDER BY recipient").all(id) as (Omit<StoredOutboxRow, "attachments"> & {
          attachments: string;
        })[];
        return {
          submission: { ...submission, payload: JSON.parse(submission.payload) as Record<string, unknown> },
          attachments: attachments.map((row) => ({ ...row, content: fs.readFileSync(path.join(dataDir, "uploads", row.stored_name)) })),
          outbox: outbox.map((row) => ({ ...row, attachments: JSON.parse(row.attachments) as NotificationAttachment[] })),
        };
      } finally {
        db.close();
      }
    },
    async count(table) {
      const db = open();
      if (!db) return 0;
      try {
        return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async keptFiles() {
      return filesUnder(path.join(dataDir, "uploads"));
    },
    async backdate(id, createdAt) {
      const db = new Database(dbFile, { fileMustExist: true });
      try {
        db.prepare("UPDATE submissions SET created_at = ? WHERE id = ?").run(createdAt.toISOString(), id);
      } finally {
        db.close();
      }
    },
    async ageUploadQuotas(ms) {
      const db = new Database(dbFile, { fileMustExist: true });
      try {
        db.prepare("UPDATE upload_quotas SET window_start = window_start - ?").run(ms);
      } finally {
        db.close();
      }
    },
    async close() {
      for (const db of opened) if (db.open) db.close();
    },
  };
}

/** Reads the PostgreSQL database (and schema) of `databaseUrl`, and DATA_DIR's uploads/ folder (which should stay empty). */
function postgresProbe(databaseUrl: string, dataDir: string): Probe {
  const probe = new Pool({ connectionString: databaseUrl, max: 1 });
  return {
    db() {
      throw new Error("db() reads the SQLite file; this app runs on PostgreSQL");
    },
    async stored(id) {
      const submission = await probe.query<{ id: string; mail_type: string; payload: Record<string, unknown> }>(
        "SELECT id, mail_type, payload FROM submissions WHERE id = $1",
        [id],
      );
      if (submission.rows.length === 0) return undefined;
      const attachments = await probe.query<Omit<AttachmentRow, "size"> & { size: string }>(
        "SELECT field, original_name, stored_name, content_type, size, content FROM attachments WHERE submission_id = $1 ORDER BY field",
        [id],
      );
      const outbox = await probe.query<StoredOutboxRow>(
        `SELECT id, addressed_to, mail_from, recipient, reply_to, topic, body, attachments, status, attempts, dedup_id, last_error
         FROM outbox WHERE submission_id = $1 ORDER BY recipient`,
        [id],
      );
      return {
        submission: submission.rows[0],
        attachments: attachments.rows.map((row) => ({ ...row, size: Number(row.size) })),
        outbox: outbox.rows,
      };
    },
    async count(table) {
      const { rows } = await probe.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number(rows[0].n);
    },
    async keptFiles() {
      const { rows } = await probe.query<{ stored_name: string }>("SELECT stored_name FROM attachments");
      return [...rows.map((row) => row.stored_name), ...filesUnder(path.join(dataDir, "uploads"))].sort();
    },
    async backdate(id, createdAt) {
      await probe.query("UPDATE submissions SET created_at = $2 WHERE id = $1", [id, createdAt]);
    },
    async ageUploadQuotas(ms) {
      await probe.query("UPDATE upload_quotas SET window_start = window_start - $1::double precision * interval '1 millisecond'", [ms]);
    },
    async close() {
      await probe.end();
    },
  };
}

/** The apps' request lines are not written: the tests read the answers themselves (tests of the lines give a logger of their own). */
const QUIET = createLogger({ level: "silent" });

/**
 * The one way the tests make the real app: `config` (DATA_DIR a temporary
 * folder of its own, removed at clean-up), the store given or the one the
 * config names, internal errors collected, and a probe to read the store.
 */
function assemble(kind: ContractStore, config: Config, probe: Probe, store?: SubmissionStore, storeGone = (): boolean => false, clock?: () => number): TestApp {
  const internalErrors: unknown[] = [];
  const log = (_message: string, err: unknown) => internalErrors.push(err);
  const app = createApp(config, { store, log, info: () => undefined, logger: QUIET, clock });
  let closed = false;
  const test: TestApp = {
    app,
    config,
    dataDir: config.dataDir,
    store: kind,
    internalErrors,
    db: probe.db,
    stored: probe.stored,
    count: probe.count,
    keptFiles: probe.keptFiles,
    backdate: probe.backdate,
    ageUploadQuotas: probe.ageUploadQuotas,
    async another() {
      const other = createApp(config, { log, info: () => undefined, logger: QUIET });
      await other.store.ready?.();
      return other;
    },
    async cleanup() {
      if (closed) return;
      closed = true;
      liveApps.delete(test);
      await probe.close();
      // A test may have closed the store already (the store gone); a PostgreSQL pool refuses a second end.
      if (!storeGone()) await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  liveApps.add(test);
  return test;
}

/**
 * The real app on SQLite in its own temporary DATA_DIR, checking its responses
 * against openapi.yaml; `store` replaces the SQLite store (probe() still reads
 * SQLite). For the tests of the SQLite store's own files; the
 * store-independent suite uses startContractApp.
 */
export function startTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}, store?: SubmissionStore): TestApp {
  const config = configFor(temporaryDataDir(), overrides, env);
  return assemble("sqlite", config, sqliteProbe(config.dataDir), store);
}

/** This test file's PostgreSQL database (created at the first app, dropped after the file's tests). */
let fileDatabase: Promise<TestDatabase> | undefined;
let schemas = 0;
/** The apps not cleaned up yet: a file's left-over apps are closed before its database is dropped. */
const liveApps = new Set<TestApp>();
if (CONTRACT_STORE === "postgres") {
  // Registered when a test file imports this module, so it may run before the file's own afterAll.
  afterAll(async () => {
    for (const test of [...liveApps]) await test.cleanup();
    if (fileDatabase) await (await fileDatabase).drop();
  }, 30_000);
}

/** A schema of its own in this file's database, and the URL whose connections use it. */
async function freshSchema(): Promise<string> {
  fileDatabase ??= createTestDatabase();
  const database = await fileDatabase;
  const schema = `app_${++schemas}`;
  const admin = new Pool({ connectionString: database.url, max: 1 });
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(database.url);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/**
 * The usual life of a contract test's app, registered in the calling file or
 * describe block: started (startContractApp) before its tests, no internal
 * error logged by any test, cleaned up after them. Returns the app; its
 * properties can be read once the tests run.
 */
export function setUpContractApp(...args: Parameters<typeof startContractApp>): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startContractApp(...args);
  });
  afterAll(async () => {
    await current?.cleanup();
  });
  afterEach(() => {
    expect(current?.internalErrors).toEqual([]);
  });
  return new Proxy({} as TestApp, {
    get(_target, property) {
      if (!current) throw new Error("the contract app is used before its tests start");
      return Reflect.get(current, property);
    },
  });
}

/**
 * The real app on the store of CONTRACT_STORE, checking its responses against
 * openapi.yaml: SQLite in a temporary DATA_DIR, or PostgreSQL (DATABASE_URL)
 * in a schema of its own, migrated before this resolves. `wrapStore` puts a
 * test's own store around the real one; `clock` is the app's (AppDependencies).
 */
export async function startContractApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  { wrapStore, clock }: { wrapStore?: (store: SubmissionStore) => SubmissionStore; clock?: () => number } = {},
): Promise<TestApp> {
  if (CONTRACT_STORE === "sqlite") {
    const config = configFor(temporaryDataDir(), overrides, env);
    const store = wrapStore?.(new SqliteSubmissionStore(path.join(config.dataDir, "site.db")));
    return assemble("sqlite", config, sqliteProbe(config.dataDir), store, undefined, clock);
  }
  const databaseUrl = await freshSchema();
  const config = { ...configFor(temporaryDataDir(), overrides, env), databaseUrl };
  const real = new PostgresSubmissionStore(databaseUrl);
  const test = assemble("postgres", config, postgresProbe(databaseUrl, config.dataDir), wrapStore ? wrapStore(real) : real, () => real.pool.ended, clock);
  await real.ready();
  return test;
}

interface ErrorShape {
  message: string;
  errors?: { path: string; message: string; rule?: string }[];
}

/** The answer is a failure with this status, in the one error shape, with a message to show. */
export function expectError(res: Response, status: number): ErrorShape {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.body as ErrorShape;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((key) => key === "message" || key === "errors")).toBe(true);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors)).toBe(true);
    for (const error of body.errors) {
      expect(Object.keys(error).filter((key) => key !== "rule").sort()).toEqual(["message", "path"]);
      expect(typeof error.path).toBe("string");
      expect(typeof error.message).toBe("string");
      // The broken rule's JSON Schema keyword (contract 1.6.0), where one is known.
      if (error.rule !== undefined) expect(error.rule).toMatch(/^[A-Za-z]+$/);
    }
  }
  // Never a stack trace or an internal detail.
  expect(JSON.stringify(body)).not.toMatch(/node_modules|\bat .+\(.+:\d+:\d+\)|Error:/);
  return body;
}

/** The answer is 201 { id, message }. */
export function expectAccepted(res: Response): string {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(res.body)}`);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(Object.keys(res.body as object).sort()).toEqual(["id", "message"]);
  const body = res.body as { id: string; message: string };
  expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.message.length).toBeGreaterThan(0);
  return body.id;
}

export interface AttachmentRow {
  field: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size: number;
  /** The file's bytes as the store keeps them. */
  content: Buffer;
}
/** An outbox row as both stores show it (attachments parsed). */
export interface StoredOutboxRow {
  id: string;
  addressed_to: string;
  mail_from: string;
  recipient: string;
  reply_to: string | null;
  topic: string;
  body: string;
  attachments: NotificationAttachment[];
  status: string;
  attempts: number;
  dedup_id: string;
  last_error: string | null;
}

/** An outbox row of the SQLite file, as it is (the SQLite store's own tests). */
export interface OutboxRow {
  id: string;
  addressed_to: string;
  mail_from: string;
  reply_to: string | null;
  topic: string;
  body: string;
  attachments: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

export interface Stored {
  submission: StoredRows["submission"];
  payload: Record<string, unknown>;
  attachments: AttachmentRow[];
  outbox: StoredOutboxRow;
}

/**
 * What the store holds for a submission: its row, its attachment rows (the
 * files kept under generated names, with the bytes sent) and exactly one
 * pending outbox row.
 */
export async function expectStored(test: TestApp, id: string, mailType: string, files: Record<string, Buffer> = {}): Promise<Stored> {
  const stored = await test.stored(id);
  expect(stored).toBeDefined();
  const { submission, attachments, outbox } = stored!;
  expect(submission.mail_type).toBe(mailType);
  const payload = submission.payload;
  expect(payload.mailType).toBe(mailType);

  expect(attachments.map((a) => a.field).sort()).toEqual(Object.keys(files).sort());
  for (const attachment of attachments) {
    expect(attachment.stored_name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx)$/);
    expect(attachment.stored_name).not.toContain(attachment.original_name);
    expect(attachment.content.equals(files[attachment.field])).toBe(true);
    expect(attachment.size).toBe(attachment.content.length);
    expect(payload[attachment.field]).toBeUndefined();
  }

  expect(outbox).toHaveLength(1);
  expect(outbox[0].status).toBe("pending");
  expect(outbox[0].attempts).toBe(0);
  return { submission, payload, attachments, outbox: outbox[0] };
}

/** Files under DATA_DIR/uploads/ (the SQLite store's files). */
export function uploadedFiles(test: TestApp): string[] {
  return filesUnder(path.join(test.dataDir, "uploads"));
}

/** Rows of a table of the SQLite file (the SQLite store's own tests; the store-independent suite uses test.count). */
export function count(test: TestApp, table: Table): number {
  if (!fs.existsSync(path.join(test.dataDir, "site.db"))) return 0;
  const db = test.db();
  const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
  db.close();
  return row.n;
}
