/**
 * Submissions arriving together through the real app on SQLite share commits
 * (server/store/sqlite/group-commit.ts), and each 201 is sent only once its
 * submission is committed: a reader on its own connection (as after a
 * restart) finds every acknowledged id at the moment its answer arrives.
 */
import Database from "better-sqlite3";
import http from "http";
import type { AddressInfo } from "net";
import path from "path";
import { SqliteSubmissionStore } from "../../../server/store";
import { API, contractExample, startTestApp, type TestApp } from "../../../testkit/contract-app";

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
