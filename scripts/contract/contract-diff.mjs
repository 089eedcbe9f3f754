/**
 * Change control of the contract: compares `openapi.yaml` with the last
 * released contract (`contract/released/openapi.yaml`) and fails when
 * `info.version` was not bumped as far as the changes require, when
 * `CHANGELOG-API.md` has no entry for the current `info.version`, or when the
 * release rules below do not hold.
 *
 *   npm run contract:diff
 *   node scripts/contract/contract-diff.mjs [--base <released.yaml>] [--revision <openapi.yaml>] [--changelog <CHANGELOG.md>] [--package <package.json>]...
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
 * The release rules (a version is released when its changelog section has a
 * date, `## [1.4.0] - 2026-11-27`; one being prepared says
 * `## [1.5.0] - Unreleased`):
 *   - the released copy's `info.version` is the newest version the changelog
 *     dates: the copy is what integrators have;
 *   - each package's `version` (packages/forms-api-client and
 *     packages/conformance, or the `--package` files given) is the contract's
 *     `info.version`: they are built from it and ship with it.
 *
 * One kind of change redocly rates major is not breaking, and is rated again
 * here (`enumsOpened`): bounds (a pattern, lengths, limits) set on a request
 * field in the same change that removes the field's enum, when every value
 * of the released enum is valid under the new bounds (contract 1.5.0: a
 * product was one of the catalogue's slugs, and is now any slug, checked by
 * the server against the catalogue it serves). Every value a client could
 * send before is still valid, so the change takes the bump of the rest of
 * the diff (a minor one at least). When redocly's version check fails, the
 * script reads its diff again as JSON, and passes only when no other change
 * is major and the version went up as far as the rest requires.
 *
 * Releasing a new version of the contract:
 *   1. Change openapi.yaml and bump `info.version` (major for a breaking change,
 *      minor for an addition, patch for wording); `npm run api:types`;
 *      `npm run client:build` (sets the client package's version) and the same
 *      version in packages/conformance/package.json.
 *   2. Add its section to CHANGELOG-API.md, `## [x.y.z] - Unreleased` (Keep a
 *      Changelog: Added, Changed, Deprecated, Removed, Fixed), each breaking
 *      change marked **BREAKING**.
 *   3. `npm run contract:check` passes (lint, this diff, the examples).
 *   4. When that version ships, in the release commit: date its section and
 *      copy openapi.yaml over contract/released/openapi.yaml, so the next
 *      change is compared with what integrators have. Git keeps every
 *      released version (`git log -p contract/released/openapi.yaml`).
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import yaml from "js-yaml";
import Ajv from "ajv";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

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

/** The versions of a Keep-a-Changelog file's released sections: those with a date (`## [1.4.0] - 2026-11-27`). */
export function releasedVersions(text) {
  return [...text.matchAll(/^##\s+\[?(\d+\.\d+\.\d+)\]?\s+-\s+\d{4}-\d{2}-\d{2}\s*$/gm)].map((match) => match[1]);
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * What breaks the release rules, one sentence each (none when they hold): the
 * released copy's version is the newest released in the changelog, and each
 * package's version is the contract's.
 */
export function releaseProblems({ releasedVersion, version, changelogText, packages }) {
  const problems = [];
  const latest = releasedVersions(changelogText).sort(compareVersions).at(-1);
  if (latest === undefined) problems.push('the changelog has no released section ("## [x.y.z] - YYYY-MM-DD")');
  else if (latest !== releasedVersion) {
    problems.push(
      `the released copy is ${releasedVersion} but the changelog's latest release is ${latest}: ` +
        `copy the contract as shipped in ${latest} over the released copy, or mark ${latest}'s section "- Unreleased"`,
    );
  }
  for (const { file, version: packageVersion } of packages) {
    if (packageVersion !== version) problems.push(`${file} says version ${packageVersion}, the contract is ${version}`);
  }
  return problems;
}

const IMPACTS = ["none", "patch", "minor", "major"];

/** How far `version` went up from `base`: "major", "minor", "patch" or "none". */
export function bumpOf(base, version) {
  const [a, b] = [base, version].map((v) => v.split(".").map(Number));
  if (b[0] !== a[0]) return b[0] > a[0] ? "major" : "none";
  if (b[1] !== a[1]) return b[1] > a[1] ? "minor" : "none";
  return b[2] > a[2] ? "patch" : "none";
}

/** The value at a JSON pointer like `#/components/schemas/QuoteItem/properties/product`. */
function at(doc, pointer) {
  let node = doc;
  for (const part of pointer.replace(/^#\/?/, "").split("/").filter(Boolean)) node = node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node;
}

/** A schema's own validation keywords, without annotations (x-...) and without $refs (undefined then: not judged here). */
function standalone(schema) {
  if (!schema || typeof schema !== "object" || JSON.stringify(schema).includes('"$ref"')) return undefined;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith("x-") && !["description", "example", "examples", "nullable"].includes(key)));
}

/**
 * The major changes of a redocly JSON diff (`changes`) that are not breaking:
 * bounds set (`schema-constraint-changed`) on a request body's field whose enum
 * the same diff removes, when every value of the released enum passes the
 * field's new schema. `docs` holds the two documents parsed ({ base, revision }).
 * Returns the changes let through, each with the reason in words.
 */
export function enumsOpened(changes, docs) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const opened = [];
  for (const change of changes) {
    if (change.impact !== "major" || !change.path.includes("/requestBody/")) continue;
    if (!change.verdicts.length || !change.verdicts.every((v) => v.ruleId === "schema-constraint-changed" && v.impact === "major")) continue;
    const removed = changes.find((c) => c.path === change.path && c.property === "enum" && Array.isArray(c.base?.value));
    const schemaPointer = change.revision?.pointer?.replace(/\/[^/]+$/, "");
    if (!removed || !schemaPointer) continue;
    const schema = standalone(at(docs.revision, schemaPointer));
    if (!schema || "enum" in schema) continue;
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch {
      continue;
    }
    const refused = removed.base.value.filter((value) => !validate(value));
    if (refused.length > 0) continue;
    opened.push({ change, reason: `${change.verdicts.map((v) => v.message).join(" ")} The same change removes its enum, and all ${removed.base.value.length} of the released enum's values are valid under the new schema.` });
  }
  return opened;
}

/**
 * When redocly's version check failed: its diff as JSON, rated again with
 * `enumsOpened`. Resolves to the message to print when the version does
 * match the changes after all, else undefined (redocly's verdict stands).
 */
function reassess(cli, base, revision, baseVersion, version) {
  const result = spawnSync(process.execPath, [cli, "diff", base, revision, "--format", "json", "--fail-on", "none", "--config", path.join(ROOT, "redocly.yaml")], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) return undefined;
  let report;
  try {
    report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{")));
  } catch {
    return undefined;
  }
  const docs = { base: yaml.load(fs.readFileSync(base, "utf8")), revision: yaml.load(fs.readFileSync(revision, "utf8")) };
  const opened = enumsOpened(report.changes ?? [], docs);
  if (opened.length === 0) return undefined;
  const rest = (report.changes ?? []).filter((c) => !opened.some((o) => o.change === c));
  // An enum opened up lets more values through: an addition, a minor bump at least.
  const required = [...rest.map((c) => c.impact), "minor"].reduce((a, b) => (IMPACTS.indexOf(b) > IMPACTS.indexOf(a) ? b : a), "none");
  if (IMPACTS.indexOf(bumpOf(baseVersion, version)) < IMPACTS.indexOf(required)) return undefined;
  return [
    `contract:diff: ${opened.length} change${opened.length > 1 ? "s" : ""} redocly rates major ${opened.length > 1 ? "are" : "is"} not breaking: every value a client could send before is still valid.`,
    ...opened.map(({ change, reason }) => `  ${change.revision.pointer}: ${reason}`),
    `contract:diff: the other changes require a ${required} bump; ${baseVersion} → ${version} is one.`,
  ].join("\n");
}

function main(args) {
  const { values } = parseArgs({
    args,
    options: { base: { type: "string" }, revision: { type: "string" }, changelog: { type: "string" }, package: { type: "string", multiple: true } },
  });
  const base = path.resolve(values.base ?? path.join(ROOT, "contract", "released", "openapi.yaml"));
  const revision = path.resolve(values.revision ?? path.join(ROOT, "openapi.yaml"));
  const changelog = path.resolve(values.changelog ?? path.join(ROOT, "CHANGELOG-API.md"));
  const packageFiles = (values.package ?? ["forms-api-client", "conformance"].map((name) => path.join(ROOT, "packages", name, "package.json"))).map((file) => path.resolve(file));
  for (const file of [base, revision, changelog, ...packageFiles]) {
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
  const reassessed = result.status !== 0 ? reassess(cli, base, revision, baseVersion, version) : undefined;
  if (reassessed) console.log(reassessed);
  else if (result.status !== 0) {
    console.error(
      `contract:diff: the contract changed more than its version says (${baseVersion} released, ${version} now): ` +
        "bump info.version (major for a breaking change, minor for an addition) or undo the change.",
    );
    return 1;
  }
  const changelogText = fs.readFileSync(changelog, "utf8");
  if (!changelogHas(changelogText, version)) {
    console.error(`contract:diff: ${path.basename(changelog)} has no section for ${version} ("## [${version}] - date", or "- Unreleased" until it ships).`);
    return 1;
  }
  const packages = packageFiles.map((file) => ({ file: path.relative(ROOT, file), version: JSON.parse(fs.readFileSync(file, "utf8")).version }));
  const problems = releaseProblems({ releasedVersion: baseVersion, version, changelogText, packages });
  for (const problem of problems) console.error(`contract:diff: ${problem}.`);
  if (problems.length > 0) return 1;
  console.log(
    `contract:diff: ${version} against the released ${baseVersion}: the version matches the changes, the changelog has it, ` +
      `the released copy is its latest release and the packages are ${version}.`,
  );
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
