/**
 * Change control (scripts/contract/contract-diff.mjs, `npm run contract:diff`): a
 * breaking change to the contract fails unless info.version's major is
 * bumped, an addition needs at least a minor bump, and the changelog must have
 * a section for the version. The release rules: the released copy is the
 * changelog's latest release, and the packages' versions are the contract's.
 * Real files in a temporary folder, compared by the real script (redocly diff
 * --check-version), and the repository's own files.
 */
import { execFile } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { promisify } from "util";
import yaml from "js-yaml";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const SCRIPT = path.join(ROOT, "scripts", "contract", "contract-diff.mjs");
const RELEASED = path.join(ROOT, "contract", "released", "openapi.yaml");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "contract-diff-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const released = (): Json => yaml.load(fs.readFileSync(RELEASED, "utf8")) as Json;
const RELEASED_VERSION: string = released().info.version;
/** The released version with one part bumped: 1.4.0 -> 2.0.0, 1.5.0 or 1.4.1. */
function bumped(part: "major" | "minor" | "patch"): string {
  const [major, minor, patch] = RELEASED_VERSION.split(".").map(Number);
  if (part === "major") return `${major + 1}.0.0`;
  return part === "minor" ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

interface Files {
  /** The changelog's sections: by default the version prepared ("Unreleased") above the released one. */
  changelog?: string;
  /** The packages' version (the revision's by default). */
  packageVersion?: string;
}

/** Runs the script on the released contract against `doc`, with a changelog and one package.json written for it. */
async function diff(name: string, doc: Json, files: Files = {}): Promise<{ code: number; output: string }> {
  const version: string = doc.info.version;
  const revision = path.join(dir, `${name}.yaml`);
  const log = path.join(dir, `${name}.md`);
  const pkg = path.join(dir, `${name}.package.json`);
  const changelog = files.changelog ?? `${version === RELEASED_VERSION ? "" : `## [${version}] - Unreleased\n\n`}## [${RELEASED_VERSION}] - 2026-01-01\n`;
  fs.writeFileSync(revision, yaml.dump(doc, { lineWidth: -1 }));
  fs.writeFileSync(log, `# Changelog\n\n${changelog}`);
  fs.writeFileSync(pkg, JSON.stringify({ name: "a-package", version: files.packageVersion ?? version }));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, "--base", RELEASED, "--revision", revision, "--changelog", log, "--package", pkg], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

function withVersion(doc: Json, version: string): Json {
  return { ...doc, info: { ...doc.info, version } };
}

/** Breaking changes, each made on a copy of the released contract. */
const BREAKING: [string, (doc: Json) => void][] = [
  [
    "an enum value removed inside a multipart body",
    (doc) => {
      const items = doc.components.schemas.PartnershipApplication.properties.interestedIn.items;
      items.enum = items.enum.filter((v: string) => v !== "Technology Integration");
    },
  ],
  [
    "an optional field made required",
    (doc) => {
      doc.components.schemas.ContactEnquiry.required.push("message");
    },
  ],
  [
    "an operation removed",
    (doc) => {
      delete doc.paths["/api/v1/contact/demo_form"];
    },
  ],
];

describe("npm run contract:diff", () => {
  it.each(BREAKING)("%s: fails at a minor bump, passes at the next major", async (_what, change) => {
    const doc = released();
    change(doc);
    const minor = await diff("breaking-minor", withVersion(doc, bumped("minor")));
    expect(minor.code).not.toBe(0);
    expect(minor.output).toMatch(/major/);
    const major = await diff("breaking-major", withVersion(doc, bumped("major")));
    expect({ code: major.code, output: major.output }).toEqual({ code: 0, output: expect.stringContaining(bumped("major")) });
  }, 60_000);

  it("an optional field added: fails without a bump, passes with a minor bump", async () => {
    const doc = released();
    doc.components.schemas.NewsletterSignup.properties.firstName = { $ref: "#/components/schemas/PersonName" };
    const same = await diff("added-same", doc);
    expect(same.code).not.toBe(0);
    const minor = await diff("added-minor", withVersion(doc, bumped("minor")));
    expect({ code: minor.code, output: minor.output }).toEqual({ code: 0, output: expect.stringContaining(bumped("minor")) });
  }, 60_000);

  it("an enum opened up to bounds every released value meets: passes at a minor bump; bounds a released value breaks stay major", async () => {
    const opened = released();
    const product = opened.components.schemas.QuoteItem.properties.product;
    const values: string[] = product.enum;
    expect(values.length).toBeGreaterThan(1);
    delete product.enum;
    Object.assign(product, { minLength: 1, maxLength: 100, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" });
    const minor = await diff("enum-opened-minor", withVersion(opened, bumped("minor")));
    expect({ code: minor.code, output: minor.output }).toEqual({ code: 0, output: expect.stringContaining("not breaking") });
    expect(minor.output).toContain(`all ${values.length} of the released enum's values are valid under the new schema`);
    const patch = await diff("enum-opened-patch", withVersion(opened, bumped("patch")));
    expect(patch.code).not.toBe(0);

    // A bound that one released value breaks (the longest is one character too long): a breaking change.
    const longest = Math.max(...values.map((v) => v.length));
    const narrowed = released();
    delete narrowed.components.schemas.QuoteItem.properties.product.enum;
    narrowed.components.schemas.QuoteItem.properties.product.maxLength = longest - 1;
    const narrowedMinor = await diff("enum-narrowed-minor", withVersion(narrowed, bumped("minor")));
    expect(narrowedMinor.code).not.toBe(0);
    expect(narrowedMinor.output).toMatch(/major/);
  }, 60_000);

  it("fails when the changelog has no section for the version", async () => {
    const doc = withVersion(released(), bumped("patch"));
    doc.info.description = `${doc.info.description}\nWording only.`;
    const missing = await diff("changelog-missing", doc, { changelog: `## [${RELEASED_VERSION}] - 2026-01-01\n` });
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain(`no section for ${bumped("patch")}`);
    const present = await diff("changelog-present", doc);
    expect({ code: present.code, output: present.output }).toEqual({ code: 0, output: expect.stringContaining(bumped("patch")) });
  }, 60_000);

  it("fails when the changelog dates a release newer than the released copy (the copy was not updated when it shipped)", async () => {
    const doc = withVersion(released(), bumped("patch"));
    doc.info.description = `${doc.info.description}\nWording only.`;
    const shipped = await diff("release-not-copied", doc, { changelog: `## [${bumped("patch")}] - 2026-01-02\n\n## [${RELEASED_VERSION}] - 2026-01-01\n` });
    expect(shipped.code).not.toBe(0);
    expect(shipped.output).toContain(`the released copy is ${RELEASED_VERSION} but the changelog's latest release is ${bumped("patch")}`);
  }, 60_000);

  it("fails when a package's version is not the contract's", async () => {
    const doc = withVersion(released(), bumped("patch"));
    doc.info.description = `${doc.info.description}\nWording only.`;
    const behind = await diff("package-behind", doc, { packageVersion: RELEASED_VERSION });
    expect(behind.code).not.toBe(0);
    expect(behind.output).toContain(`package-behind.package.json says version ${RELEASED_VERSION}, the contract is ${bumped("patch")}`);
  }, 60_000);

  it("the repository: openapi.yaml against the released copy passes; the copy is the changelog's latest release and the packages are the contract's version", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const version: string = (yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as Json).info.version;
    expect(stdout).toContain(`contract:diff: ${version} against the released ${RELEASED_VERSION}`);
    const changelog = fs.readFileSync(path.join(ROOT, "CHANGELOG-API.md"), "utf8");
    expect(changelog).toMatch(new RegExp(`^## \\[${version.replace(/\./g, "\\.")}\\]`, "m"));
    const dated = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map((match) => match[1]);
    expect(dated[0]).toBe(RELEASED_VERSION);
    for (const name of ["forms-api-client", "conformance"]) {
      expect({ name, version: JSON.parse(fs.readFileSync(path.join(ROOT, "packages", name, "package.json"), "utf8")).version }).toEqual({ name, version });
    }
  }, 60_000);
});
