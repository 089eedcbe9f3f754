/**
 * Group commit (server/store/sqlite/group-commit.ts) on real SQLite files: writes
 * arriving together share one transaction and one flush of the WAL, each is
 * acknowledged only once it is committed and that flush has completed, and a
 * write that fails is rolled back alone.
 */
import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import { FileFlusher, GroupCommit, type Flusher } from "../../../server/store/sqlite/group-commit";

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  db = new Database(path.join(dir, "site.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A flusher the test releases by hand, recording what was committed when each flush started. */
class HeldFlusher implements Flusher {
  readonly started: number[] = [];
  private releases: (() => void)[] = [];
  constructor(private readonly committed: () => number) {}
  flush(): Promise<void> {
    this.started.push(this.committed());
    return new Promise((resolve) => this.releases.push(resolve));
  }
  /** Completes the oldest flush under way. */
  release(): void {
    this.releases.shift()?.();
  }
  async close(): Promise<void> {}
}

const insert = (name: string) => Number(db.prepare("INSERT INTO items (name) VALUES (?)").run(name).lastInsertRowid);

describe("group commit", () => {
  it("writes arriving together share one transaction and one flush, on a real WAL file", async () => {
    const group = new GroupCommit(db, insert);
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => group.write(`item ${i}`)));
    expect(new Set(ids).size).toBe(200);
    expect(group.stats.writes).toBe(200);
    expect(group.stats.groups).toBe(1);
    await group.close();
    // What another connection (another process after a restart) reads.
    const reader = new Database(path.join(dir, "site.db"), { readonly: true });
    expect((reader.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n).toBe(200);
    reader.close();
  });

  it("acknowledges each write only after its commit and a flush started after that commit", async () => {
    const count = () => (db.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n;
    const flusher = new HeldFlusher(count);
    const group = new GroupCommit(db, insert, flusher);
    let acknowledged = 0;
    const first = Array.from({ length: 5 }, (_, i) => group.write(`first ${i}`).then(() => acknowledged++));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // Committed (another connection sees them) but not acknowledged: their flush has not completed.
    const reader = new Database(path.join(dir, "site.db"), { readonly: true });
    expect((reader.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n).toBe(5);
    expect(flusher.started).toEqual([5]);
    expect(acknowledged).toBe(0);
    // A second group arrives while the first flush runs: it waits, uncommitted, to form the next group.
    const second = Array.from({ length: 3 }, (_, i) => group.write(`second ${i}`).then(() => acknowledged++));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect((reader.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n).toBe(5);
    expect(acknowledged).toBe(0);
    flusher.release();
    await Promise.all(first);
    expect(acknowledged).toBe(5);
    // Then committed together, and acknowledged after a flush of their own.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect((reader.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n).toBe(8);
    expect(acknowledged).toBe(5);
    flusher.release();
    await Promise.all(second);
    expect(acknowledged).toBe(8);
    expect(flusher.started).toEqual([5, 8]);
    expect(group.stats).toEqual({ groups: 2, writes: 8, largestGroup: 5 });
    reader.close();
    await group.close();
  });

  it("a write that fails is rolled back alone and its caller gets the error; the others commit", async () => {
    const group = new GroupCommit(db, insert);
    const results = await Promise.allSettled([group.write("a"), group.write("b"), group.write("a"), group.write("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(db.prepare("SELECT name FROM items ORDER BY id").all()).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    await group.close();
  });

  it("a flush that fails after the commit is tried again, and the writes are acknowledged once one succeeds: they are kept", async () => {
    let flushes = 0;
    const failingOnce: Flusher = { flush: () => (++flushes === 1 ? Promise.reject(new Error("EIO: i/o error, fdatasync")) : Promise.resolve()), close: async () => undefined };
    const logged: string[] = [];
    const group = new GroupCommit(db, insert, failingOnce, { flushRetryDelaysMs: [0, 0], log: (message) => logged.push(message) });
    const ids = await Promise.all([group.write("x"), group.write("y")]);
    expect(ids).toHaveLength(2);
    expect(flushes).toBe(2);
    expect(db.prepare("SELECT name FROM items ORDER BY id").all()).toEqual([{ name: "x" }, { name: "y" }]);
    expect(logged.join("\n")).toMatch(/EIO/);
    await group.close();
  });

  it("a flush that keeps failing still acknowledges the committed writes (they are in the database), and says so in the log", async () => {
    let flushes = 0;
    const failing: Flusher = { flush: () => (flushes++, Promise.reject(new Error("EIO: i/o error, fdatasync"))), close: async () => undefined };
    const logged: string[] = [];
    const group = new GroupCommit(db, insert, failing, { flushRetryDelaysMs: [0, 0], log: (message) => logged.push(message) });
    await expect(group.write("x")).resolves.toBe(1);
    expect(flushes).toBe(3);
    expect(logged[logged.length - 1]).toMatch(/failed 3 times.*kept and acknowledged/);
    // A write after it commits and is acknowledged as well.
    await expect(group.write("y")).resolves.toBe(2);
    const reader = new Database(path.join(dir, "site.db"), { readonly: true });
    expect((reader.prepare("SELECT COUNT(*) AS n FROM items").get() as { n: number }).n).toBe(2);
    reader.close();
    await group.close();
  });
});

describe("FileFlusher", () => {
  it("serves the calls made while a flush runs with one more flush, shared by all of them", async () => {
    const file = path.join(dir, "data");
    fs.writeFileSync(file, "x");
    const flusher = new FileFlusher(file);
    const handle = await fs.promises.open(file, "r");
    const original = Object.getPrototypeOf(handle).datasync as (this: fs.promises.FileHandle) => Promise<void>;
    await handle.close();
    let calls = 0;
    const proto = Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
    proto.datasync = function (this: fs.promises.FileHandle) {
      calls++;
      return original.call(this);
    };
    try {
      await Promise.all(Array.from({ length: 20 }, () => flusher.flush()));
      expect(calls).toBe(2);
      await flusher.flush();
      expect(calls).toBe(3);
    } finally {
      proto.datasync = original;
      await flusher.close();
    }
  });

  it("rejects when the file cannot be flushed, and recovers once it can", async () => {
    const file = path.join(dir, "later");
    const flusher = new FileFlusher(file);
    await expect(flusher.flush()).rejects.toThrow(/ENOENT/);
    fs.writeFileSync(file, "x");
    await expect(flusher.flush()).resolves.toBeUndefined();
    await flusher.close();
  });
});
