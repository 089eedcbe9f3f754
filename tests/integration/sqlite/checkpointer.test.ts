/**
 * WAL checkpoints in a worker thread (server/store/sqlite/checkpointer.ts), on a
 * real SQLite file whose automatic checkpoint is off, as the store runs it:
 * nothing starts while the WAL is small; once it passes the threshold a
 * worker copies it into the database file, and stops when asked.
 */
import Database from "better-sqlite3";
import fs from "fs";
import os from "os";
import path from "path";
import { Checkpointer } from "../../../server/store/sqlite/checkpointer";
import { waitFor } from "../../../testkit/wait";

let dir: string;
let file: string;
let db: Database.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkpointer-"));
  file = path.join(dir, "site.db");
  db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("wal_autocheckpoint = 0");
  db.exec("CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertMany = (count: number) => {
  const insert = db.prepare("INSERT INTO rows (text) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run("x".repeat(500));
  })();
};

it("starts no thread while the WAL is small", async () => {
  const checkpointer = new Checkpointer(file, { thresholdBytes: 4 * 1024 * 1024, intervalMs: 20 });
  insertMany(10);
  const look = checkpointer.noteWrite();
  expect(look).toBeDefined(); // the first write after start looks at the WAL
  await look;
  expect(checkpointer.running).toBe(false);
  await checkpointer.stop();
});

it("copies a grown WAL into the database file from a worker thread, and stops", async () => {
  const logged: string[] = [];
  const checkpointer = new Checkpointer(file, { thresholdBytes: 256 * 1024, intervalMs: 20, log: (m) => logged.push(m) });
  const databaseBytes = () => fs.statSync(file).size;
  insertMany(2000);
  const before = databaseBytes();
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(256 * 1024);
  checkpointer.noteWrite();
  await waitFor(() => checkpointer.checkpoints > 0, 10_000);
  expect(checkpointer.running).toBe(true);
  // The rows' pages are now in the database file itself.
  expect(databaseBytes()).toBeGreaterThan(before + 512 * 1024);
  // Writing goes on meanwhile: the WAL is reused from its start rather than growing.
  insertMany(10);
  await checkpointer.stop();
  expect(checkpointer.running).toBe(false);
  expect(logged).toEqual([]);
  const reader = new Database(file, { readonly: true });
  expect((reader.prepare("SELECT COUNT(*) AS n FROM rows").get() as { n: number }).n).toBe(2010);
  reader.close();
});
