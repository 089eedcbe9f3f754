/**
 * Builds the typed client package (packages/forms-api-client) from the
 * contract: its version and licence are the contract's (`info.version`,
 * `info.license`), `src/schema.d.ts` is generated from openapi.yaml the same
 * way as the site's types (scripts/contract/api-types.mjs: `format: binary` is Blob),
 * and `src/` is compiled with the project's TypeScript into `dist/` (ESM `.js`
 * and `.d.ts`): the client, the multipart encoding and the proof of work
 * (src/proof.ts, with altcha-lib), whose hash package.json's `imports` picks by
 * environment (`#derive-key`: node:crypto in Node.js, Web Crypto in browsers
 * and elsewhere); the build fails when a file that package.json's `exports` or
 * `imports` names is missing from `dist/`. Generated and built files are not
 * committed.
 *
 *   node scripts/contract/client-package.mjs           build (npm run client:build); updates the
 *                                             package's version and licence when the contract's changed
 *   node scripts/contract/client-package.mjs --check   only check that the package's version and licence
 *                                             are the contract's (nothing written)
 *   node scripts/contract/client-package.mjs --no-sync build, but leave package.json as it is (tests)
 *
 * Then `npm pack` (or `npm publish`) in packages/forms-api-client.
 */
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";
import yaml from "js-yaml";
import { generateApiTypes, SPEC_PATH } from "./api-types.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PACKAGE_DIR = path.join(ROOT, "packages", "forms-api-client");
const PACKAGE_JSON = path.join(PACKAGE_DIR, "package.json");
const SCHEMA = path.join(PACKAGE_DIR, "src", "schema.d.ts");
const DIST = path.join(PACKAGE_DIR, "dist");
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/**
 * The package's licence (an SPDX identifier, as npm wants it) for the
 * contract's `info.license`: its `identifier` (OpenAPI 3.1); else read from its
 * `url` (spdx.org/licenses/ID, opensource.org/licenses/ID, or a Creative
 * Commons licence: creativecommons.org/licenses/by/4.0/ is CC-BY-4.0); else its
 * `name` when that is an identifier itself ("MIT", "Apache-2.0"). UNLICENSED
 * when the contract declares no licence.
 */
export function licenseOf(info) {
  const license = info?.license;
  if (!license) return "UNLICENSED";
  if (typeof license.identifier === "string" && license.identifier.trim() !== "") return license.identifier.trim();
  const url = typeof license.url === "string" ? license.url : "";
  const creativeCommons = /^https?:\/\/creativecommons\.org\/licenses\/([a-z-]+)\/(\d+\.\d+)\/?/i.exec(url);
  if (creativeCommons) return `CC-${creativeCommons[1].toUpperCase()}-${creativeCommons[2]}`;
  const listed = /^https?:\/\/(?:spdx\.org|opensource\.org)\/licenses?\/([A-Za-z0-9.+-]+?)(?:\.html)?\/?$/i.exec(url);
  if (listed) return listed[1];
  const name = typeof license.name === "string" ? license.name.trim() : "";
  if (/^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(name)) return name;
  throw new Error(
    `openapi.yaml info.license (${JSON.stringify(license.name)}, ${JSON.stringify(url)}) names no SPDX licence: ` +
      "give its url on spdx.org/licenses or creativecommons.org/licenses, or a name that is the SPDX identifier",
  );
}

/** What package.json must say for the contract: { version, license }. */
export function expectedMetadata(specText = fs.readFileSync(SPEC_PATH, "utf8")) {
  const spec = yaml.load(specText);
  const version = spec?.info?.version;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/.test(version)) {
    throw new Error(`openapi.yaml info.version must be a semantic version (x.y.z), not ${JSON.stringify(version)}`);
  }
  return { version, license: licenseOf(spec.info) };
}

/** The fields of package.json that differ from the contract's, as "field: is → must be" lines. */
function differences(pkg, expected) {
  return Object.entries(expected)
    .filter(([key, value]) => pkg[key] !== value)
    .map(([key, value]) => `${key}: ${JSON.stringify(pkg[key])} → ${JSON.stringify(value)}`);
}

function syncMetadata(check, write = true) {
  const expected = expectedMetadata();
  const text = fs.readFileSync(PACKAGE_JSON, "utf8");
  const pkg = JSON.parse(text);
  const changes = differences(pkg, expected);
  const relative = path.relative(process.cwd(), PACKAGE_JSON);
  if (changes.length === 0) return expected;
  if (check) {
    throw new Error(`${relative} does not match openapi.yaml (${changes.join(", ")}): run npm run client:build`);
  }
  if (!write) {
    console.warn(`${relative} does not match openapi.yaml (${changes.join(", ")}); left as it is (--no-sync)`);
    return { version: pkg.version, license: pkg.license };
  }
  fs.writeFileSync(PACKAGE_JSON, JSON.stringify({ ...pkg, ...expected }, null, 2) + "\n");
  console.log(`Updated ${relative} from openapi.yaml: ${changes.join(", ")}`);
  return expected;
}

/** Every file package.json's `main`, `types`, `exports` and `imports` name (their conditions' targets included). */
function entryFiles(pkg) {
  const files = new Set([pkg.main, pkg.types].filter(Boolean));
  const walk = (target) => {
    if (typeof target === "string") files.add(target);
    else if (target && typeof target === "object") Object.values(target).forEach(walk);
  };
  walk(pkg.exports);
  walk(pkg.imports);
  return [...files].filter((file) => file.startsWith("./dist/") || file.startsWith("dist/"));
}

async function build() {
  const { version } = syncMetadata(false, !process.argv.includes("--no-sync"));
  fs.writeFileSync(SCHEMA, await generateApiTypes());
  fs.rmSync(DIST, { recursive: true, force: true });
  execFileSync(process.execPath, [TSC, "-p", path.join(PACKAGE_DIR, "tsconfig.json")], { cwd: ROOT, stdio: "inherit" });
  // tsc does not copy declaration files it reads: the generated types ship beside the compiled code.
  fs.copyFileSync(SCHEMA, path.join(DIST, "schema.d.ts"));
  const missing = entryFiles(JSON.parse(fs.readFileSync(PACKAGE_JSON, "utf8"))).filter((file) => !fs.existsSync(path.join(PACKAGE_DIR, file)));
  if (missing.length > 0) throw new Error(`package.json names files the build did not make: ${missing.join(", ")}`);
  const built = fs.readdirSync(DIST).sort();
  console.log(`Built ${path.relative(process.cwd(), DIST)} (version ${version}): ${built.join(", ")}`);
}

async function main() {
  if (process.argv.includes("--check")) {
    const { version, license } = syncMetadata(true);
    console.log(`${path.relative(process.cwd(), PACKAGE_JSON)} matches openapi.yaml (version ${version}, licence ${license})`);
    return;
  }
  await build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
