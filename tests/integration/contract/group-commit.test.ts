/**
 * Submissions arriving together through the real app on SQLite share commits
 * (server/store/sqlite/group-commit.ts), and each 201 is sent only once its
 * submission is committed: a reader on its own connection (as after a
 * restart) finds every acknowledged id at the moment its answer arrives.
 * When the flush of the WAL fails after the commit, the submission is in the
 * database all the same: it is answered 201, its files and its notification
 * are kept (never 503 "nothing was kept", which makes a client send it twice).
 */
import Database from "better-sqlite3";
import fs from "fs";
import http from "http";
import type { AddressInfo } from "net";
import path from "path";
import { SqliteSubmissionStore } from "../../../server/store";
import { logger } from "../../../server/log";
import request from "supertest";
import { API, contractExample, startTestApp, type TestApp } from "../../../testkit/contract-app";
import { makePdf } from "../../../testkit/documents";

const CONTACT = contractExample("contact_us");

let test: TestApp;
let server: http.Server;
let base: string;

beforeEach(async () => {
  test = startTestApp({ rateLimitMax: 10_000 });
  server = http.createServer(test.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await test.cleanup();
});

function post(body: object): Promise<{ status: number; id?: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(`${base}${API}/contact_us`, { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, id: res.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : undefined });
      });
    });
    req.on("error", reject);
    req.end(data);
  });
}

it("concurrent submissions share commits, and each is committed before its 201 leaves", async () => {
  const reader = new Database(path.join(test.dataDir, "site.db"), { readonly: true });
  const stored = reader.prepare("SELECT COUNT(*) AS n FROM submissions WHERE id = ?");
  const storedWhenAcknowledged: boolean[] = [];
  try {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post({ ...CONTACT, firstName: `Ada ${i}` }).then((answer) => {
          storedWhenAcknowledged.push(answer.id !== undefined && (stored.get(answer.id) as { n: number }).n === 1);
          return answer;
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(201));
    expect(storedWhenAcknowledged).toEqual(Array(60).fill(true));
  } finally {
    reader.close();
  }
  const store = test.app.store as SqliteSubmissionStore;
  expect(store).toBeInstanceOf(SqliteSubmissionStore);
  expect(store.commitStats.writes).toBe(60);
  // Arriving together, they were grouped: fewer commits (and WAL flushes) than submissions.
  expect(store.commitStats.groups).toBeLessThan(60);
  expect(store.commitStats.largestGroup).toBeGreaterThan(1);
});

it("a WAL flush that fails after the commit: the order is answered 201 with its file and notification kept, and stored once", async () => {
  // fdatasync of the WAL fails (EIO) the first two times, as a failing disk answers; other files flush as usual.
  const proto = Object.getPrototypeOf(await fs.promises.open(__filename, "r").then(async (h) => (await h.close(), h))) as { datasync(this: fs.promises.FileHandle): Promise<void> };
  const original = proto.datasync;
  let failed = 0;
  proto.datasync = function (this: fs.promises.FileHandle) {
    if (fs.readlinkSync(`/proc/self/fd/${this.fd}`).endsWith("site.db-wal") && failed < 2) {
      failed++;
      return Promise.reject(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    }
    return original.call(this);
  };
  const said = jest.spyOn(logger(), "error").mockImplementation(() => undefined);
  try {
    const res = await request(test.app)
      .post(`${API}/product_order_form`)
      .field({ mailType: "product_order_form", productName: "TOP LOADING ARMS" })
      .attach("file", makePdf("Order"), "order.pdf");
    expect(failed).toBe(2);
    expect(res.status).toBe(201);
    const id = (res.body as { id: string }).id;
    const stored = await test.stored(id);
    expect(stored?.attachments).toHaveLength(1);
    expect(stored?.attachments[0].content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(stored?.outbox.length).toBeGreaterThanOrEqual(1);
    expect(await test.keptFiles()).toHaveLength(1);
    expect(await test.count("submissions")).toBe(1);
    expect(said.mock.calls.flat().join("\n")).toMatch(/WAL flush failed/);
  } finally {
    proto.datasync = original;
    said.mockRestore();
  }
});
