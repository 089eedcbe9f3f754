/**
 * A deletion request as an operator makes it: `npm run privacy:delete` (the
 * compiled command, a process of its own) against the DATA_DIR of a server
 * that keeps running and stays busy (other visitors' submissions stored, their
 * notifications written as .eml files meanwhile). Afterwards no file under
 * DATA_DIR (site.db, site.db-wal, site.db-shm, uploads, .eml files) holds the
 * person's address, message, company, file name or notification text; the
 * other visitors' data is still there. The same erasure after the retention
 * purge, in process: tests/integration/contract/privacy.test.ts.
 */
import { execFile } from "child_process";
import { randomUUID } from "crypto";
import Database from "better-sqlite3";
import fs from "fs";
import path from "path";
import { promisify } from "util";
import { findOnDisk } from "../../testkit/disk-scan";
import { ROOT, cleanup, makeDoc, makePdf, startServer, submit, waitUntil, type Submission } from "../../testkit/faults";

afterAll(() => cleanup());

const PRIVACY_CLI = path.join(ROOT, "dist", "server", "cli", "privacy.js");

/** Outbox rows not delivered yet (read-only; the connection is closed at once, holding nothing). */
function undelivered(dataDir: string): number {
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
  try {
    return db.prepare("SELECT COUNT(*) FROM outbox WHERE status <> 'sent'").pluck().get() as number;
  } finally {
    db.close();
  }
}

describe("privacy:delete beside a busy server", () => {
  it("deletes the person and leaves none of their values readable in any file of DATA_DIR", async () => {
    const server = await startServer({ env: { OUTBOX_INTERVAL_MS: "100" } });
    const tag = randomUUID().slice(0, 8);
    const values = {
      email: `erase.${tag}@example.org`,
      message: `Unique message ${tag}: please call me back about the loading arm.`,
      company: `Company ${tag}`,
      fileName: `cv-${tag}.pdf`,
    };
    const contact: Submission = {
      i: 0,
      call: "contact_us",
      mailType: "contact",
      json: {
        firstName: "Ada",
        lastName: "Lovelace",
        subject: "General Inquiry",
        email: values.email,
        phoneNumber: "0501234567",
        companyName: values.company,
        message: values.message,
        mailType: "contact",
      },
    };
    const careers: Submission = {
      i: 1,
      call: "careers",
      mailType: "career",
      fields: {
        firstName: "Katherine",
        lastName: "Johnson",
        email: values.email,
        phoneNumber: "+971 50 123 4567",
        nationality: "American",
        countryName: "United Arab Emirates",
        jobRole: "Service Engineer",
        mailType: "career",
      },
      files: { resume: { name: values.fileName, content: makePdf(4096) }, coverLetter: { name: "letter.doc", content: makeDoc(4096) } },
    };
    for (const item of [contact, careers]) expect((await submit(server.url, item)).status).toBe(201);
    const other = `kept.${tag}@example.org`;
    expect((await submit(server.url, { i: 2, call: "news-letter", mailType: "news_letter", json: { email: other, mailType: "news_letter" } })).status).toBe(201);
    // Delivered: every notification written as an .eml file (no SMTP_URL) and its row marked sent.
    expect(await waitUntil(() => undelivered(server.dataDir) === 0, 20_000)).toBe(true);
    const wanted = Object.values(values);
    expect(Object.keys(findOnDisk(server.dataDir, wanted)).sort()).toEqual([...wanted].sort());

    // Other visitors keep submitting while the command runs: .eml.part files come and go.
    let busy = true;
    let sent = 0;
    const traffic = (async () => {
      while (busy) {
        const result = await submit(server.url, { i: 3, call: "news-letter", mailType: "news_letter", json: { email: `busy${sent}.${tag}@example.org`, mailType: "news_letter" } });
        if (result.status === 201) sent++;
      }
    })();
    try {
      expect(await waitUntil(() => sent >= 3, 20_000)).toBe(true);
      const { stdout } = await promisify(execFile)(process.execPath, [PRIVACY_CLI, "delete", values.email], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: server.dataDir },
        timeout: 60_000,
      });
      expect(stdout).toContain(`Deleted 2 submission(s) of ${values.email}`);
      expect(stdout).toContain("The store's files no longer hold deleted submissions");
      expect(await waitUntil(() => sent >= 6, 20_000)).toBe(true);
    } finally {
      busy = false;
      await traffic;
    }
    expect(await waitUntil(() => undelivered(server.dataDir) === 0, 20_000)).toBe(true);

    expect(findOnDisk(server.dataDir, [...wanted, other])).toEqual({ [other]: expect.any(Array) });
    expect(fs.readdirSync(path.join(server.dataDir, "uploads"))).toEqual([]);
    await server.stop();
    // And once the server has checkpointed and closed the database.
    expect(findOnDisk(server.dataDir, wanted)).toEqual({});
  });
});
