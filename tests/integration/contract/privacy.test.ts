/**
 * Personal data: DATA_DIR private to the server's user (folders 0700, files
 * 0600, existing ones corrected at start), orphaned uploads and unfinished
 * temporary files cleaned, submissions past RETENTION_DAYS purged with their
 * files and sent notifications (never one not yet delivered), and one person's
 * data deleted on request by e-mail address (npm run privacy:delete), none of
 * it left readable in DATA_DIR's files afterwards. The server process doing
 * it at start is tests/faults/private-files.test.ts; the command run beside a
 * busy server is tests/faults/privacy-erasure.test.ts.
 */
import Database from "better-sqlite3";
import { randomUUID } from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { privacyCli } from "../../../server/cli/privacy";
import { createOutboxDispatcher } from "../../../server/mail/outbox";
import { cleanOrphans, deletePersonData, makeDataDirPrivate, ORPHAN_GRACE_MS, purgeExpired, type ModeWalkFs } from "../../../server/store/privacy";
import { makePdf } from "../../../testkit/documents";
import { findOnDisk } from "../../../testkit/disk-scan";
import { setUpRetentionScenario } from "../../../testkit/retention";
import { API, contractExample, count, expectAccepted, startTestApp, uploadedFiles, type TestApp } from "../../../testkit/contract-app";
import { CAREERS, ORDER, postMultipart } from "../../../testkit/form-bodies";

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;

function orderBy(test: TestApp, email?: string) {
  // The product order form has no e-mail field; careers has one.
  if (email === undefined) {
    return postMultipart(test.app, ORDER);
  }
  return postMultipart(test.app, CAREERS, { fields: { ...CAREERS.fields, email } });
}

/** Writes to the app's SQLite file beside the app (WAL allows it), as time and the outbox would have. */
function writeDb(test: TestApp, run: (db: Database.Database) => void): void {
  const db = new Database(path.join(test.dataDir, "site.db"));
  try {
    run(db);
  } finally {
    db.close();
  }
}

function age(test: TestApp, id: string, days: number): void {
  writeDb(test, (db) => db.prepare("UPDATE submissions SET created_at = ? WHERE id = ?").run(new Date(Date.now() - days * DAY).toISOString(), id));
}

function markSent(test: TestApp, id: string): string[] {
  let ids: string[] = [];
  writeDb(test, (db) => {
    db.prepare("UPDATE outbox SET status = 'sent', sent_at = ? WHERE submission_id = ?").run(new Date().toISOString(), id);
    ids = db.prepare("SELECT id FROM outbox WHERE submission_id = ?").pluck().all(id) as string[];
  });
  // The .eml files the outbox writes without SMTP.
  fs.mkdirSync(path.join(test.dataDir, "outbox"), { recursive: true });
  for (const outboxId of ids) fs.writeFileSync(path.join(test.dataDir, "outbox", `${outboxId}.eml`), "Subject: x\r\n\r\nbody\r\n");
  return ids;
}

function filesOf(test: TestApp, id: string): string[] {
  const db = test.db();
  const names = db.prepare("SELECT stored_name FROM attachments WHERE submission_id = ?").pluck().all(id) as string[];
  db.close();
  return names;
}

function mode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

describe("private file modes", () => {
  it("makes DATA_DIR, its folders and files private to the server's user, and what is created afterwards too", async () => {
    // The files below are made with the usual umask whatever an earlier test in this worker left (a server started here sets 077).
    const previous = process.umask(0o022);
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "privacy-modes-")), "var");
    try {
      fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true, mode: 0o755 });
      fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
      fs.chmodSync(dataDir, 0o755);
      for (const file of ["site.db", "site.db-wal", "site.db-shm", "uploads/a.pdf", "outbox/b.eml"]) {
        fs.writeFileSync(path.join(dataDir, file), "x", { mode: 0o644 });
      }
      expect(makeDataDirPrivate(dataDir)).toBe(8);
      for (const dir of ["", "uploads", "outbox"]) expect(mode(path.join(dataDir, dir))).toBe(0o700);
      for (const file of ["site.db", "site.db-wal", "site.db-shm", "uploads/a.pdf", "outbox/b.eml"]) expect(mode(path.join(dataDir, file))).toBe(0o600);
      expect(makeDataDirPrivate(dataDir)).toBe(0);
      // New files get no group or other permission.
      fs.writeFileSync(path.join(dataDir, "new.txt"), "x");
      expect(mode(path.join(dataDir, "new.txt"))).toBe(0o600);
    } finally {
      process.umask(previous);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe("the walk over DATA_DIR while a server works in it", () => {
  it("skips files and folders that vanish between being listed and being looked at, changed or listed themselves", () => {
    const previous = process.umask(0o022);
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "privacy-walk-")), "var");
    try {
      for (const dir of ["outbox", "tmp/batch", "uploads"]) fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o755 });
      const files = ["site.db", "outbox/a.eml", "outbox/b.eml.part", "outbox/c.eml.part", "tmp/batch/d.part", "uploads/e.pdf"];
      for (const file of files) fs.writeFileSync(path.join(dataDir, file), "x", { mode: 0o644 });
      // What a running server does meanwhile: a sent .eml.part renamed before it is looked at, another
      // before its mode is changed, a folder of temporary files removed before it is listed.
      const vanish: Record<string, "lstat" | "chmod" | "readdir"> = {
        "outbox/b.eml.part": "lstat",
        "outbox/c.eml.part": "chmod",
        "tmp/batch": "readdir",
      };
      const before = (target: string, step: "lstat" | "chmod" | "readdir") => {
        const name = path.relative(dataDir, target);
        if (vanish[name] !== step) return;
        if (name.endsWith(".part")) fs.renameSync(target, target.slice(0, -".part".length));
        else fs.rmSync(target, { recursive: true, force: true });
      };
      const walkFs: ModeWalkFs = {
        lstatSync: (target) => (before(target, "lstat"), fs.lstatSync(target)),
        chmodSync: (target, mode) => (before(target, "chmod"), fs.chmodSync(target, mode)),
        readdirSync: (dir, options) => (before(dir, "readdir"), fs.readdirSync(dir, options)),
      };

      // DATA_DIR, outbox, tmp, tmp/batch, uploads; site.db, a.eml, e.pdf.
      expect(makeDataDirPrivate(dataDir, walkFs)).toBe(8);
      for (const file of ["site.db", "outbox/a.eml", "uploads/e.pdf"]) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
      expect(fs.existsSync(path.join(dataDir, "tmp/batch"))).toBe(false);
    } finally {
      process.umask(previous);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe("orphan clean-up, retention and deletion on request", () => {
  let test: TestApp;
  beforeEach(() => {
    test = startTestApp();
  });
  afterEach(async () => {
    expect(test.internalErrors).toEqual([]);
    await test.cleanup();
  });

  it("removes files no attachment row names and leftover temporary files, once older than the grace period", async () => {
    const id = expectAccepted(await orderBy(test));
    const [stored] = filesOf(test, id);
    const uploads = path.join(test.dataDir, "uploads");
    const tmp = path.join(test.dataDir, "tmp");
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(uploads, "orphan.pdf"), "x");
    fs.writeFileSync(path.join(uploads, "young-orphan.pdf"), "x");
    fs.writeFileSync(path.join(tmp, "left.part"), "x");
    const old = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    for (const file of [path.join(uploads, stored), path.join(uploads, "orphan.pdf"), path.join(tmp, "left.part")]) fs.utimesSync(file, old, old);

    expect(await cleanOrphans(test.dataDir, test.app.store)).toEqual({ orphanUploads: 1, tempFiles: 1 });
    expect(uploadedFiles(test).sort()).toEqual([stored, "young-orphan.pdf"].sort());
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("purges submissions older than RETENTION_DAYS with their files and sent notifications, never one not delivered", async () => {
    const delivered = expectAccepted(await orderBy(test, "old@example.org"));
    const undelivered = expectAccepted(await orderBy(test, "waiting@example.org"));
    const recent = expectAccepted(await orderBy(test, "new@example.org"));
    const deliveredFiles = filesOf(test, delivered);
    const emls = markSent(test, delivered);
    markSent(test, recent);
    age(test, delivered, 31);
    age(test, undelivered, 400);
    age(test, recent, 29);

    expect((await purgeExpired(test.dataDir, test.app.store, 0)).removed).toEqual([]); // 0: kept forever
    expect(count(test, "submissions")).toBe(3);

    const report = await purgeExpired(test.dataDir, test.app.store, 30);
    expect(report.removed.map((s) => s.id)).toEqual([delivered]);
    expect(report.keptUndelivered).toBe(1);
    expect(report.files).toBe(deliveredFiles.length + emls.length);
    const db = test.db();
    expect(db.prepare("SELECT id FROM submissions ORDER BY id").pluck().all()).toEqual([undelivered, recent].sort());
    expect(db.prepare("SELECT COUNT(*) FROM attachments WHERE submission_id = ?").pluck().get(delivered)).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM outbox WHERE submission_id = ?").pluck().get(delivered)).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM outbox WHERE submission_id = ? AND status = 'pending'").pluck().get(undelivered)).toBeGreaterThan(0);
    db.close();
    for (const name of deliveredFiles) expect(fs.existsSync(path.join(test.dataDir, "uploads", name))).toBe(false);
    for (const outboxId of emls) expect(fs.existsSync(path.join(test.dataDir, "outbox", `${outboxId}.eml`))).toBe(false);
    for (const name of [...filesOf(test, undelivered), ...filesOf(test, recent)]) expect(fs.existsSync(path.join(test.dataDir, "uploads", name))).toBe(true);
  });

  it("deletes every submission of one e-mail address (any case), with files and notifications, pending ones included", async () => {
    const mine = [
      expectAccepted(await orderBy(test, "Person@Example.com")),
      expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "person@example.COM", mailType: "news_letter" })),
    ];
    const other = expectAccepted(await orderBy(test, "someone.else@example.com"));
    const myFiles = filesOf(test, mine[0]);
    const emls = markSent(test, mine[1]);

    const { removed, files } = await deletePersonData(test.dataDir, test.app.store, " person@example.com ");
    expect(removed.map((s) => s.id).sort()).toEqual([...mine].sort());
    expect(files).toBe(myFiles.length + emls.length);
    const db = test.db();
    expect(db.prepare("SELECT id FROM submissions").pluck().all()).toEqual([other]);
    expect(db.prepare("SELECT DISTINCT submission_id FROM outbox").pluck().all()).toEqual([other]);
    expect(db.prepare("SELECT DISTINCT submission_id FROM attachments").pluck().all()).toEqual([other]);
    db.close();
    expect(uploadedFiles(test).sort()).toEqual(filesOf(test, other).sort());
    expect(await deletePersonData(test.dataDir, test.app.store, "person@example.com")).toEqual({ removed: [], files: 0, erase: { complete: true } });
  });

  it("npm run privacy:delete -- <address> prints what it removed; privacy:purge applies RETENTION_DAYS", async () => {
    const id = expectAccepted(await orderBy(test, "ada@example.org"));
    const out: string[] = [];
    const env = { DATA_DIR: test.dataDir };
    expect(await privacyCli(["delete", "ADA@example.org"], env, (line) => out.push(line))).toBe(0);
    expect(out.join("\n")).toContain(`Deleted submission ${id} (career, received `);
    expect(out.join("\n")).toContain("2 uploaded file(s), 1 notification(s)");
    expect(out).toContain(`Deleted 1 submission(s) of ADA@example.org and 2 file(s) from ${test.dataDir}.`);
    expect(out.at(-1)).toBe("The store's files no longer hold deleted submissions (backups still do until they expire: docs/operations.md, Privacy).");
    expect(count(test, "submissions")).toBe(0);

    out.length = 0;
    expect(await privacyCli(["delete", "ada@example.org"], env, (line) => out.push(line))).toBe(0);
    expect(out[0]).toBe("Nothing is kept about ada@example.org: no submission has this e-mail address.");

    out.length = 0;
    const errors: string[] = [];
    expect(await privacyCli(["delete", "ada"], env, (line) => out.push(line), (line) => errors.push(line))).toBe(2);
    expect(out).toEqual([]);
    expect(errors.join("\n")).toContain("npm run privacy:delete -- person@example.com");

    const old = expectAccepted(await orderBy(test, "old@example.org"));
    markSent(test, old);
    age(test, old, 10);
    out.length = 0;
    expect(await privacyCli(["purge"], { ...env, RETENTION_DAYS: "7" }, (line) => out.push(line))).toBe(0);
    expect(out).toContain("Removed 1 submission(s) older than 7 days and 3 file(s).");
    expect(count(test, "submissions")).toBe(0);
  });

  it("purges a submission whose deliveries have all ended (sent, refused for good, webhook given up), keeps one still being delivered", async () => {
    const ids = await setUpRetentionScenario(test.app.store);
    const purge = await test.app.store.purgeSubmissions(new Date(Date.now() + 60 * 60 * 1000));
    expect(purge.removed.map((removed) => removed.id).sort()).toEqual([ids.partlyRefused, ids.webhookGivenUp].sort());
    expect(purge.keptUndelivered).toBe(2);
    const db = test.db();
    expect(db.prepare("SELECT id FROM submissions ORDER BY id").pluck().all()).toEqual([ids.webhookRetrying, ids.beingSent].sort());
    expect(db.prepare("SELECT COUNT(*) FROM outbox WHERE submission_id IN (?, ?)").pluck().get(ids.partlyRefused, ids.webhookGivenUp)).toBe(0);
    db.close();
  });

  it("leaves nothing of a purged submission readable in DATA_DIR: site.db, its WAL and shared memory, uploads, .eml files", async () => {
    const tag = randomUUID().slice(0, 8);
    const values = {
      email: `erase.${tag}@example.org`,
      message: `Unique message ${tag}: please call me back about the loading arm.`,
      fileName: `cv-${tag}.pdf`,
      company: `Company ${tag}`,
    };
    const contact = { ...contractExample("contact_us"), email: values.email, message: values.message, companyName: values.company };
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send(contact));
    expectAccepted(
      await postMultipart(test.app, CAREERS, {
        fields: { ...CAREERS.fields, email: values.email },
        files: { ...CAREERS.files, resume: { content: makePdf(), name: values.fileName } },
      }),
    );
    // Delivered: the outbox writes the notifications as .eml files (no SMTP) and marks the rows sent.
    const dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    expect((await dispatcher.runOnce()).sent).toBeGreaterThanOrEqual(2);
    await dispatcher.stop();
    // Another person's, not delivered yet: kept by the purge, and found where it is.
    const other = `kept.${tag}@example.org`;
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: other, mailType: "news_letter" }));
    const wanted = Object.values(values);
    const before = findOnDisk(test.dataDir, wanted);
    expect(Object.keys(before).sort()).toEqual([...wanted].sort());
    expect(before[values.email]).toEqual(expect.arrayContaining([expect.stringMatching(/^outbox\/.*\.eml$/)]));

    const purge = await purgeExpired(test.dataDir, test.app.store, 30, new Date(Date.now() + 31 * DAY));
    expect(purge.removed).toHaveLength(2);
    expect(purge.erase).toEqual({ complete: true });
    expect(findOnDisk(test.dataDir, [...wanted, other])).toEqual({ [other]: expect.any(Array) });
    expect(fs.statSync(path.join(test.dataDir, "site.db-wal")).size).toBe(0);
  });
});
