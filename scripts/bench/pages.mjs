/**
 * How fast the server delivers pages, next to the floor: the same page,
 * compressed once (brotli quality 11) and sent from memory by a bare Express
 * route in a process of its own.
 *
 *   npm run build && node scripts/bench/pages.mjs [--connections 50] [--duration 10] [--page /x]...
 *
 * Needs the built site (public/, with the compressed forms the build writes)
 * and the compiled server (dist/). For each page (the home page and a product
 * page by default), one autocannon run against the project's server
 * (`node dist/server/index.js`, as `npm run serve` runs it) and one against
 * the bare route, one after the other, every request asking
 * `Accept-Encoding: br, gzip` as a browser does. Prints requests/s, median
 * latency and bytes per answer (the body) for both, the throughput ratio
 * (goal: at least 0.8) and the bytes ratio to brotli quality 11 (goal: at
 * most 1.02), with a warning when the machine was busy.
 */
import autocannon from "autocannon";
import { spawn } from "child_process";
import express from "express";
import fs from "fs";
import http from "http";
import { createRequire } from "module";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import zlib from "zlib";
import { busyWarning } from "./api-lib.mjs";

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "../..");
const PUBLIC_DIR = path.join(ROOT, "public");
const require = createRequire(import.meta.url);
const { startServer, freePort, cleanup } = require("../../testkit/faults-lib.cjs");

export const DEFAULT_PAGES = ["/", "/square-drive-torque-wrench"];
export const GOALS = { throughput: 0.8, bytes: 1.02 };

/** The built HTML file of a page address. */
function pageFile(page) {
  return path.join(PUBLIC_DIR, page === "/" ? "index.html" : path.join(page.replace(/^\//, ""), "index.html"));
}

/** The bare baseline: each page's brotli-11 bytes, compressed once, sent from memory. */
function bareApp(pages) {
  const bodies = new Map();
  for (const page of pages) {
    const html = fs.readFileSync(pageFile(page));
    const br = zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
    bodies.set(page, br);
  }
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  for (const [page, body] of bodies) {
    app.get(page, (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Encoding", "br");
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Length", body.length);
      res.end(body);
    });
  }
  return { app, bodies };
}

/** One GET with `Accept-Encoding: br, gzip`: the status, the encoding and the body's bytes. */
function probe(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], bytes }));
      })
      .on("error", reject);
  });
}

async function measure(url, connections, duration) {
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "br, gzip" } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    other: result.non2xx + result.errors + result.timeouts,
  };
}

/** The bare app in a process of its own, so both sides are measured alike. */
async function startBare(pages) {
  const port = await freePort();
  const child = spawn(process.execPath, [HERE, "--serve-bare", pages.join(",")], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare process exited (${code})`)));
    child.stdout.once("data", resolve);
  });
  child.removeAllListeners("exit");
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGKILL") };
}

/** Measures every page; returns the rows it printed. */
export async function benchPages({ pages = DEFAULT_PAGES, connections = 50, duration = 10 } = {}) {
  for (const page of pages) {
    if (!fs.existsSync(pageFile(page))) throw new Error(`${path.relative(ROOT, pageFile(page))} is missing: build the site first (npm run build)`);
  }
  const rows = [];
  const server = await startServer({ env: { PUBLIC_DIR } });
  const bare = await startBare(pages);
  try {
    const { bodies } = bareApp(pages);
    for (const page of pages) {
      const ours = await probe(`${server.url}${page}`);
      if (ours.status !== 200) throw new Error(`GET ${page} answered ${ours.status}`);
      // Warm both up, then measure one after the other.
      await measure(`${server.url}${page}`, connections, 1);
      await measure(`${bare.url}${page}`, connections, 1);
      const served = await measure(`${server.url}${page}`, connections, duration);
      const floor = await measure(`${bare.url}${page}`, connections, duration);
      rows.push({ page, served, floor, bytes: ours.bytes, encoding: ours.encoding, brotli11: bodies.get(page).length });
    }
  } finally {
    bare.stop();
    await server.stop();
    await cleanup();
  }
  return rows;
}

export function printPages(rows, { connections, duration }) {
  console.log(`\nPages: GET with Accept-Encoding br, gzip; autocannon ${connections} connections, ${duration} s per target`);
  console.log("| page | target | req/s | p50 ms | p99 ms | bytes per answer | non-2xx or errors |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(`| ${row.page} | project's server | ${row.served.rps.toFixed(0)} | ${row.served.p50} | ${row.served.p99} | ${row.bytes} (${row.encoding ?? "identity"}) | ${row.served.other} |`);
    console.log(`| ${row.page} | bare Express, brotli 11 from memory | ${row.floor.rps.toFixed(0)} | ${row.floor.p50} | ${row.floor.p99} | ${row.brotli11} (br) | ${row.floor.other} |`);
  }
  let met = true;
  for (const row of rows) {
    const throughput = row.served.rps / row.floor.rps;
    const bytes = row.bytes / row.brotli11;
    const ok = throughput >= GOALS.throughput && bytes <= GOALS.bytes;
    met &&= ok;
    console.log(
      `${row.page}: throughput ratio ${throughput.toFixed(2)} (goal ≥ ${GOALS.throughput}), bytes ratio to brotli 11 ${bytes.toFixed(3)} (goal ≤ ${GOALS.bytes}) ${ok ? "✓" : "✗"}`,
    );
  }
  return met;
}

if (process.argv[2] === "--serve-bare") {
  const { app } = bareApp(process.argv[3].split(","));
  app.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
} else if (path.resolve(process.argv[1] ?? "") === HERE) {
  const { values } = parseArgs({
    options: {
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      page: { type: "string", multiple: true },
    },
  });
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const busy = busyWarning();
  if (busy) console.log(busy);
  console.log(`Node.js ${process.version}, ${os.availableParallelism?.() ?? os.cpus().length} processors, ${new Date().toISOString()}`);
  const rows = await benchPages({ pages: values.page?.length ? values.page : DEFAULT_PAGES, connections, duration });
  printPages(rows, { connections, duration });
}
