/**
 * Change control (scripts/contract/contract-diff.mjs, `npm run contract:diff`): a
 * breaking change to the contract fails unless info.version's major is
 * bumped, an addition needs at least a minor bump, and the changelog must have
 * a section for the version. Real files in a temporary folder, compared by the
 * real script (redocly diff --check-version).
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

/** Runs the script on the released contract against `doc` (with a changelog that has every version unless told otherwise). */
async function diff(name: string, doc: Json, changelog = `## [${doc.info.version}] - 2026-01-01\n`): Promise<{ code: number; output: string }> {
  const revision = path.join(dir, `${name}.yaml`);
  const log = path.join(dir, `${name}.md`);
  fs.writeFileSync(revision, yaml.dump(doc, { lineWidth: -1 }));
  fs.writeFileSync(log, `# Changelog\n\n${changelog}`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, "--base", RELEASED, "--revision", revision, "--changelog", log], {
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
  it.each(BREAKING)("%s: fails at a minor bump, passes at 2.0.0", async (_what, change) => {
    const doc = released();
    expect(doc.info.version).toMatch(/^1\./);
    change(doc);
    const minor = await diff("breaking-minor", withVersion(doc, "1.9.0"));
    expect(minor.code).not.toBe(0);
    expect(minor.output).toMatch(/major/);
    const major = await diff("breaking-major", withVersion(doc, "2.0.0"));
    expect({ code: major.code, output: major.output }).toEqual({ code: 0, output: expect.stringContaining("2.0.0") });
  }, 60_000);

  it("an optional field added: fails without a bump, passes with a minor bump", async () => {
    const doc = released();
    doc.components.schemas.NewsletterSignup.properties.firstName = { $ref: "#/components/schemas/PersonName" };
    const same = await diff("added-same", doc);
    expect(same.code).not.toBe(0);
    const minor = await diff("added-minor", withVersion(doc, "1.1.0"));
    expect({ code: minor.code, output: minor.output }).toEqual({ code: 0, output: expect.stringContaining("1.1.0") });
  }, 60_000);

  it("fails when the changelog has no section for the version", async () => {
    const doc = withVersion(released(), "1.0.1");
    doc.info.description = `${doc.info.description}\nWording only.`;
    const missing = await diff("changelog-missing", doc, "## [1.0.0] - 2026-01-01\n");
    expect(missing.code).not.toBe(0);
    expect(missing.output).toMatch(/no section for 1\.0\.1/);
    const present = await diff("changelog-present", doc, "## [1.0.1] - 2026-01-02\n\n## [1.0.0] - 2026-01-01\n");
    expect(present.code).toBe(0);
  }, 60_000);

  it("the current openapi.yaml against the released contract passes, with its changelog", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const current = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as Json;
    expect(stdout).toContain(`contract:diff: ${current.info.version} against the released`);
    expect(fs.readFileSync(path.join(ROOT, "CHANGELOG-API.md"), "utf8")).toMatch(new RegExp(`^## \\[${current.info.version.replace(/\./g, "\\.")}\\]`, "m"));
  }, 60_000);
});
