/**
 * Starts the compiled server (dist/server/index.js) on the built site, as
 * `npm run serve` does, on a free port with a throw-away DATA_DIR, for the
 * benchmarks that load pages in a browser.
 */
import { spawn } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import postgresLib from "../../testkit/postgres-lib.cjs";

const { freePort } = postgresLib;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PUBLIC = path.join(ROOT, "public");

async function waitFor(url, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resolves to the server's base URL and a function that stops it and removes its data. */
export async function startBuiltServer() {
  const entry = path.join(ROOT, "dist", "server", "index.js");
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(PUBLIC, "index.html"))) {
    console.error("No build: run npm run build first");
    process.exit(2);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMIT_MAX: "100000" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, 20_000);
  return {
    base,
    stop: () => {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium flags for a closed network (without them it waits on Google services). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** The benchmarks measure the browser visitors run, Chromium itself (the browser tests run its headless shell). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
