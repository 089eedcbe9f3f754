/**
 * Imported first by the entry point: on a Node.js older than the line in
 * .nvmrc, stop with a clear message before the native SQLite driver is loaded
 * (an older Node cannot load it and would crash without saying why).
 */
import crypto from "crypto";
import fs from "fs";
import path from "path";
import { APP_ROOT } from "./app-root";

/** The major version in the server's own .nvmrc (dist/.nvmrc when compiled, baked by npm run build:server), or undefined when there is none. */
export function requiredNodeMajor(root: string = APP_ROOT): number | undefined {
  const file = path.join(root, ".nvmrc");
  if (!fs.existsSync(file)) return undefined;
  const major = Number(/^v?(\d+)/.exec(fs.readFileSync(file, "utf8").trim())?.[1]);
  return Number.isInteger(major) ? major : undefined;
}

/**
 * A fatal line shaped like the log's (server/log.ts), written by hand: this
 * check runs before any dependency is loaded, which an older Node.js may not load.
 */
function fatal(msg: string): never {
  fs.writeSync(1, `${JSON.stringify({ level: "fatal", time: new Date().toISOString(), pid: process.pid, msg })}\n`);
  process.exit(1);
}

const required = requiredNodeMajor();
const running = Number(process.versions.node.split(".")[0]);
if (required !== undefined && running < required) {
  fatal(
    `This server runs on Node.js ${required} or later (.nvmrc); this is Node.js ${process.versions.node}. ` +
      "Start it through npm (npm run serve), which uses the project's own Node.js after npm ci, or install Node.js " +
      `${required}.`,
  );
}
// Row keys are UUID version 7 (store/keys.ts), which node:crypto makes from Node.js 24.16 on.
if (typeof (crypto as { randomUUIDv7?: unknown }).randomUUIDv7 !== "function") {
  fatal(
    `This server needs Node.js 24.16 or later (crypto.randomUUIDv7); this is Node.js ${process.versions.node}. ` +
      "Start it through npm (npm run serve), which uses the project's own Node.js after npm ci.",
  );
}
