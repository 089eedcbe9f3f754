import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import type { Response } from "supertest";
import { createApp, type SiteApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import type { SubmissionStore } from "../../server/store";

export const ROOT = path.resolve(__dirname, "..", "..");
export const API = "/api/v1/contact";

export interface TestApp {
  app: SiteApp;
  config: Config;
  dataDir: string;
  /** Internal errors the app logged. */
  internalErrors: unknown[];
  /** Opens the app's SQLite file (read-only) for checks. */
  db(): Database.Database;
  cleanup(): Promise<void>;
}

/** The real app on its own temporary DATA_DIR, checking its responses against openapi.yaml. */
export function startTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}, store?: SubmissionStore): TestApp {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-contract-"));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "10000", ...env }, ROOT),
    validateResponses: true,
    ...overrides,
  };
  const internalErrors: unknown[] = [];
  const app = createApp(config, { store, log: (_message, err) => internalErrors.push(err) });
  const opened: Database.Database[] = [];
  return {
    app,
    config,
    dataDir,
    internalErrors,
    db() {
      const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
      opened.push(db);
      return db;
    },
    async cleanup() {
      for (const db of opened) if (db.open) db.close();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ErrorShape {
  message: string;
  errors?: { path: string; message: string }[];
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
      expect(Object.keys(error).sort()).toEqual(["message", "path"]);
      expect(typeof error.path).toBe("string");
      expect(typeof error.message).toBe("string");
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

export interface SubmissionRow {
  id: string;
  mail_type: string;
  payload: string;
}
export interface AttachmentRow {
  field: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size: number;
}
export interface OutboxRow {
  id: string;
  mail_to: string;
  mail_from: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachments: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

export interface Stored {
  submission: SubmissionRow;
  payload: Record<string, unknown>;
  attachments: AttachmentRow[];
  outbox: OutboxRow;
}

/**
 * What the SQLite file holds for a submission: its row, its attachment rows
 * (files on disk under generated names) and exactly one outbox row.
 */
export function expectStored(test: TestApp, id: string, mailType: string, files: Record<string, Buffer> = {}): Stored {
  const db = test.db();
  const submission = db.prepare("SELECT * FROM submissions WHERE id = ?").get(id) as SubmissionRow | undefined;
  expect(submission).toBeDefined();
  expect(submission!.mail_type).toBe(mailType);
  const payload = JSON.parse(submission!.payload) as Record<string, unknown>;
  expect(payload.mailType).toBe(mailType);

  const attachments = db.prepare("SELECT * FROM attachments WHERE submission_id = ? ORDER BY field").all(id) as AttachmentRow[];
  expect(attachments.map((a) => a.field).sort()).toEqual(Object.keys(files).sort());
  for (const attachment of attachments) {
    expect(attachment.stored_name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|doc|docx)$/);
    expect(attachment.stored_name).not.toContain(attachment.original_name);
    const onDisk = fs.readFileSync(path.join(test.dataDir, "uploads", attachment.stored_name));
    expect(onDisk.equals(files[attachment.field])).toBe(true);
    expect(attachment.size).toBe(onDisk.length);
    expect(payload[attachment.field]).toBeUndefined();
  }

  const outbox = db.prepare("SELECT * FROM outbox WHERE submission_id = ?").all(id) as OutboxRow[];
  expect(outbox).toHaveLength(1);
  expect(outbox[0].status).toBe("pending");
  expect(outbox[0].attempts).toBe(0);
  db.close();
  return { submission: submission!, payload, attachments, outbox: outbox[0] };
}

/** Files under DATA_DIR/uploads/. */
export function uploadedFiles(test: TestApp): string[] {
  const dir = path.join(test.dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

export function count(test: TestApp, table: "submissions" | "attachments" | "outbox"): number {
  const dbFile = path.join(test.dataDir, "site.db");
  if (!fs.existsSync(dbFile)) return 0;
  const db = test.db();
  const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
  db.close();
  return row.n;
}
