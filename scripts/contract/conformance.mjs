#!/usr/bin/env node
/**
 * `npm run test:conformance`: the conformance suite (packages/conformance)
 * against this repository's contract (openapi.yaml).
 *
 *   npm run test:conformance                                  starts our own server (compiled in dist/) and tests it
 *   npm run test:conformance -- --base-url http://host:port   tests any other server
 *
 * Every other option goes to the suite as it is (--seed, --runs, ...; see
 * packages/conformance/README.md). Exits with the suite's code.
 */
import { spawn } from "child_process";
import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";
import { documentedUploadLimitMb, loadContract } from "../../packages/conformance/lib/contract.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SUITE = path.join(ROOT, "packages/conformance/bin/conformance.mjs");
const args = process.argv.slice(2);
const given = (name) => args.some((arg) => arg === name || arg.startsWith(`${name}=`));

if (!given("--spec")) args.push("--spec", path.join(ROOT, "openapi.yaml"));

/**
 * Our own server as a process, with a fresh DATA_DIR, a tiny PUBLIC_DIR and
 * notifications written as files, its spam checks on (proofs of work checked).
 */
async function startOwnServer() {
  const lib = createRequire(import.meta.url)("../../testkit/faults-lib.cjs");
  if (!fs.existsSync(lib.SERVER_ENTRY)) {
    console.error(`${path.relative(ROOT, lib.SERVER_ENTRY)} is missing: compile the server first (npm run build:server), or pass --base-url`);
    process.exit(2);
  }
  const uploadLimitMb = documentedUploadLimitMb(await loadContract(path.join(ROOT, "openapi.yaml"))) ?? 10;
  // The spam checks on, as the server's default is (testkit's servers turn them off), so the suite's proofs are checked.
  // The proof of work's difficulty is a deployment's choice, not the contract's: a low one spares the run the
  // solving of some 400 challenges of 10,000 to 50,000 tries each (a minute of CPU); the time trap stays as it is.
  const server = await lib.startServer({
    env: { RATE_LIMIT_MAX: "1000000", MAX_UPLOAD_MB: String(uploadLimitMb), SPAM_CHECKS: "on", SPAM_POW_DIFFICULTY: "1000" },
  });
  args.push("--base-url", server.url);
  return () => lib.cleanup();
}

const stop = given("--base-url") || given("--help") ? undefined : await startOwnServer();
const child = spawn(process.execPath, [SUITE, ...args], { stdio: "inherit" });
const code = await new Promise((resolve) => child.on("close", (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
if (stop) await stop();
process.exit(code);
