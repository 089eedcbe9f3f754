/**
 * Personal data kept private by the server process itself: DATA_DIR's folders
 * and files made private at start (existing ones corrected), new files
 * private, orphaned uploads and unfinished temporary files older than the
 * grace period removed at start. The same rules in process are
 * tests/integration/contract/privacy.test.ts.
 */
import fs from "fs";
import path from "path";
import { ORPHAN_GRACE_MS } from "../../server/store/privacy";
import { makePdf } from "../../testkit/documents";
import { cleanup, startServer, waitUntil } from "../../testkit/faults";

afterAll(() => cleanup());

function mode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

describe("private file modes", () => {
  it("the server process corrects modes at start, keeps new files private and removes orphans older than an hour", async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    const body = new FormData();
    body.append("mailType", "product_order_form");
    body.append("productName", "TOP LOADING ARMS");
    body.append("file", new Blob([Uint8Array.from(makePdf())]), "order.pdf");
    const answer = await fetch(`${first.url}/api/v1/contact/product_order_form`, { method: "POST", body });
    expect(answer.status).toBe(201);
    // Without SMTP_URL the notification becomes an .eml file.
    expect(await waitUntil(() => fs.existsSync(path.join(dataDir, "outbox")) && fs.readdirSync(path.join(dataDir, "outbox")).some((n) => n.endsWith(".eml")), 15_000)).toBe(true);
    const kept = fs.readdirSync(path.join(dataDir, "uploads"));
    expect(kept).toHaveLength(1);
    const created = [
      "site.db",
      ...kept.map((n) => `uploads/${n}`),
      ...fs.readdirSync(path.join(dataDir, "outbox")).map((n) => `outbox/${n}`),
    ];
    for (const file of created) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
    for (const dir of ["", "uploads", "outbox", "tmp"].filter((d) => fs.existsSync(path.join(dataDir, d)))) {
      expect([dir, mode(path.join(dataDir, dir))]).toEqual([dir, 0o700]);
    }
    await first.stop();

    // What an earlier release (or a crash) left: readable files, an orphaned upload, an unfinished temporary file.
    for (const file of created) fs.chmodSync(path.join(dataDir, file), 0o644);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "uploads"), 0o755);
    fs.mkdirSync(path.join(dataDir, "tmp"), { recursive: true });
    const old = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    const orphan = path.join(dataDir, "uploads", "0b0b0b0b-0000-4000-8000-000000000000.pdf");
    const recent = path.join(dataDir, "uploads", "0c0c0c0c-0000-4000-8000-000000000000.pdf");
    const partial = path.join(dataDir, "tmp", "0d0d0d0d-0000-4000-8000-000000000000.part");
    for (const file of [orphan, recent, partial]) fs.writeFileSync(file, "%PDF-1.4 partial");
    fs.utimesSync(orphan, old, old);
    fs.utimesSync(partial, old, old);

    const second = await startServer({ dataDir });
    expect(await waitUntil(() => /removed 1 orphaned upload\(s\) and 1 unfinished temporary file\(s\)/.test(second.output()), 10_000)).toBe(true);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true); // may belong to a request being stored
    for (const name of kept) expect(fs.existsSync(path.join(dataDir, "uploads", name))).toBe(true);
    for (const file of created) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "uploads"))).toBe(0o700);
    await second.stop();
  });
});
