/**
 * Change control of the contract: compares `openapi.yaml` with the last
 * released contract (`contract/released/openapi.yaml`) and fails when
 * `info.version` was not bumped as far as the changes require, and when
 * `CHANGELOG-API.md` has no entry for the current `info.version`.
 *
 *   npm run contract:diff
 *   node scripts/contract/contract-diff.mjs [--base <released.yaml>] [--revision <openapi.yaml>] [--changelog <CHANGELOG.md>]
 *
 * It runs `redocly diff <released> <current> --check-version --fail-on none`
 * with the rules of `diff-recommended` (redocly.yaml): every change is rated
 * major (breaking: an operation, a field or an enum value removed, an optional
 * field made required, a limit tightened... inside JSON and multipart bodies
 * alike), minor (added: an operation, an optional field, a response) or patch
 * (descriptions, examples). `--check-version` then fails unless the version went
 * up at least that far: a breaking change needs the next major (1.4.2 -> 2.0.0),
 * an addition at least the next minor (1.4.2 -> 1.5.0). `--fail-on none` keeps
 * redocly from failing on a major change that comes with its major bump.
 *
 * Releasing a new version of the contract:
 *   1. Change openapi.yaml and bump `info.version` (major for a breaking change,
 *      minor for an addition, patch for wording); `npm run api:types`.
 *   2. Add its section to CHANGELOG-API.md (Keep a Changelog: Added, Changed,
 *      Deprecated, Removed, Fixed), each breaking change marked **BREAKING**.
 *   3. `npm run contract:check` passes (lint, this diff, the examples).
 *   4. When that version ships, copy openapi.yaml over
 *      contract/released/openapi.yaml in the release commit, so the next
 *      change is compared with what integrators have. Git keeps every
 *      released version (`git log -p contract/released/openapi.yaml`).
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";
import yaml from "js-yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

function option(args, name, fallback) {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a file`);
  return path.resolve(value);
}

/** The `info.version` of an OpenAPI document. */
export function versionOf(file) {
  const doc = yaml.load(fs.readFileSync(file, "utf8"));
  const version = doc?.info?.version;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`${path.relative(process.cwd(), file)}: info.version must be MAJOR.MINOR.PATCH, got ${JSON.stringify(version)}`);
  }
  return version;
}

/** Whether a Keep-a-Changelog file has a section for this version: `## [1.1.0]` or `## 1.1.0`. */
export function changelogHas(text, version) {
  const escaped = version.replace(/\./g, "\\.");
  return new RegExp(`^##\\s+\\[?${escaped}\\]?(\\s|$)`, "m").test(text);
}

function main(args) {
  const base = option(args, "--base", path.join(ROOT, "contract", "released", "openapi.yaml"));
  const revision = option(args, "--revision", path.join(ROOT, "openapi.yaml"));
  const changelog = option(args, "--changelog", path.join(ROOT, "CHANGELOG-API.md"));
  for (const file of [base, revision, changelog]) {
    if (!fs.existsSync(file)) {
      console.error(`contract:diff: ${file} not found`);
      return 1;
    }
  }
  const baseVersion = versionOf(base);
  const version = versionOf(revision);

  const cli = require.resolve("@redocly/cli/bin/cli.js");
  const result = spawnSync(
    process.execPath,
    [cli, "diff", base, revision, "--check-version", "--fail-on", "none", "--config", path.join(ROOT, "redocly.yaml")],
    { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: "off" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  if (result.error) {
    console.error(`contract:diff: redocly could not run: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) {
    console.error(
      `contract:diff: the contract changed more than its version says (${baseVersion} released, ${version} now): ` +
        "bump info.version (major for a breaking change, minor for an addition) or undo the change.",
    );
    return 1;
  }
  if (!changelogHas(fs.readFileSync(changelog, "utf8"), version)) {
    console.error(`contract:diff: ${path.basename(changelog)} has no section for ${version} ("## [${version}] - date").`);
    return 1;
  }
  console.log(`contract:diff: ${version} against the released ${baseVersion}: the version matches the changes, and the changelog has it.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(`contract:diff: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  }
}
