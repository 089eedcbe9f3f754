/**
 * `npm test`: every check, stage after stage; the steps of one stage run at
 * the same time (they neither share files nor need each other's output), and
 * the first stage that fails stops the run. At the end it prints how long
 * each step took, so a slow step shows in every CI log.
 *
 *   node scripts/test/all.mjs              (npm test)
 *   node scripts/test/all.mjs --list       the stages, without running them
 *
 * A step is an npm script. A stage of one step writes its output as it comes;
 * the steps of a larger stage write theirs whole, each once it ends, so their
 * lines do not interleave.
 */
import { spawn } from "child_process";
import { parseArgs } from "util";

/**
 * The stages: the machine's programs (one at a time: each may install a
 * Debian package, and apt takes one lock); the static checks side by side
 * (type check, lint, the contract's linters and diff guard, the migrations'
 * check, the content's schemas and checks: each one process on one core, none
 * writes a file in the checkout);
 * then the jest projects by kind, the build, the built pages' HTML, content
 * changes made on a copy of the repository, in the editor and built there
 * (tests/content),
 * the release packed from the build and run outside the repository, and the
 * browser tests on the build.
 */
export const STAGES = [
  ["check:runtime"],
  ["check:browser"],
  ["check:postgres"],
  ["check:prometheus"],
  ["check:release-tools"],
  ["typecheck", "lint", "lint:contract", "contract:diff", "check:migrations", "content:check"],
  ["test:unit"],
  ["test:integration"],
  ["test:faults"],
  ["build"],
  ["check:html"],
  ["test:content"],
  ["test:release"],
  ["test:e2e"],
];

/** Runs one npm script; resolves to its exit code and duration. */
function run(script, { buffered }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", script], { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => chunks.push(chunk));
      child.stderr.on("data", (chunk) => chunks.push(chunk));
    }
    child.on("close", (code, signal) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (buffered) {
        process.stdout.write(`\n> ${script}\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const forward = (signal) => process.on(signal, () => process.exit(130));

async function main() {
  const { values } = parseArgs({ options: { list: { type: "boolean" } } });
  if (values.list) {
    for (const [i, stage] of STAGES.entries()) console.log(`${i + 1}. ${stage.join(" + ")}`);
    return 0;
  }
  forward("SIGINT");
  forward("SIGTERM");
  const timings = [];
  const started = Date.now();
  let failed;
  for (const stage of STAGES) {
    const results = await Promise.all(stage.map((script) => run(script, { buffered: stage.length > 1 })));
    timings.push(...results);
    failed = results.find((result) => result.code !== 0);
    if (failed) break;
  }
  console.log("\nTime per step (steps of one stage ran side by side):");
  for (const { script, code, seconds } of timings) console.log(`  ${script.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s${code === 0 ? "" : `  FAILED (exit ${code})`}`);
  console.log(`  ${"in all".padEnd(18)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  return failed ? failed.code : 0;
}

process.exitCode = await main();
