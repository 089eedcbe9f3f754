/**
 * src/contract/form-rules/<operationId>.json are generated from openapi.yaml
 * (npm run forms:rules) and committed: they must be exactly what
 * scripts/contract/form-rules.mjs makes of the current contract, no file missing or
 * left over. The generator is ESM, so it runs in a child process.
 */
import { execFile } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { promisify } from "util";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const SCRIPT = path.join(ROOT, "scripts", "contract", "form-rules.mjs");
const RULES_DIR = path.join(ROOT, "src", "contract", "form-rules");
const run = promisify(execFile);

describe("form rules extracted from the contract", () => {
  let files: Record<string, string>;
  let generated: string;
  beforeAll(async () => {
    const { stdout } = await run(process.execPath, [SCRIPT, "--stdout"], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    files = JSON.parse(stdout) as Record<string, string>;
    generated = Object.values(files).join("\n");
  }, 60_000);

  it("src/contract/form-rules/ is up to date with openapi.yaml (else run npm run forms:rules)", () => {
    const committed = fs.readdirSync(RULES_DIR).sort();
    expect(committed).toEqual(Object.keys(files).sort());
    for (const name of committed) {
      const text = fs.readFileSync(path.join(RULES_DIR, name), "utf8");
      expect([name, text === files[name]]).toEqual([name, true]);
    }
  });

  it("holds every form call with its body type, its resolved rules and its files' content types", () => {
    type Rules = { operationId: string; path: string; contentType: string; schema: { properties: Record<string, unknown> }; fileTypes: Record<string, string[]> };
    const rules = Object.fromEntries(Object.entries(files).map(([name, text]) => [name.replace(/\.json$/, ""), JSON.parse(text) as Rules]));
    for (const [operationId, rule] of Object.entries(rules)) expect(rule.operationId).toBe(operationId);
    const calls = Object.fromEntries(Object.values(rules).map((value) => [value.path, value]));
    const documents = ["application/pdf", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];
    const expected: Record<string, { type: string; files: string[] }> = {
      "news-letter": { type: "application/json", files: [] },
      contact_us: { type: "application/json", files: [] },
      demo_form: { type: "application/json", files: [] },
      request_for_training: { type: "application/json", files: [] },
      careers: { type: "multipart/form-data", files: ["resume", "coverLetter"] },
      sme_form: { type: "multipart/form-data", files: ["resume"] },
      transfer_partner: { type: "multipart/form-data", files: ["support_doc"] },
      product_order_form: { type: "multipart/form-data", files: ["file"] },
      quote_request: { type: "application/json", files: [] },
    };
    expect(Object.keys(calls).sort()).toEqual(Object.keys(expected).map((name) => `/api/v1/contact/${name}`).sort());
    for (const [name, { type, files }] of Object.entries(expected)) {
      const call = calls[`/api/v1/contact/${name}`];
      expect(call.contentType).toBe(type);
      expect(Object.keys(call.fileTypes)).toEqual(files);
      for (const file of files) expect(call.fileTypes[file]).toEqual(documents);
    }
    // $refs and allOf are resolved: no reference is left.
    expect(generated).not.toContain("$ref");
    expect(generated).not.toContain("allOf");
    const longText = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$";
    expect(rules.registerSubjectMatterExpert.schema.properties.comments).toEqual({ type: "string", pattern: longText, maxLength: 5000 });
    // A name is the shared one-line text (allOf) with its own length: the browser gets both.
    type Rule = { type?: string; pattern?: string; maxLength?: number };
    const contact = rules.sendContactEnquiry.schema.properties as Record<string, Rule>;
    expect(contact.firstName.type).toBe("string");
    expect(contact.firstName.maxLength).toBe(100);
    expect(contact.companyName.maxLength).toBe(200);
    const oneLine = contact.firstName.pattern;
    expect(oneLine).toMatch(/^\^\(\?!/);
    const job = rules.applyForJob.schema.properties as Record<string, Rule>;
    const partner = rules.applyForPartnership.schema.properties as Record<string, Rule>;
    const order = rules.uploadProductOrder.schema.properties as Record<string, Rule>;
    for (const rule of [contact.lastName, contact.companyName, job.nationality, job.jobRole, job.countryName, partner.fullName, partner.jobRole, order.productName]) {
      expect(rule.pattern).toBe(oneLine);
    }
  });

  it("refuses a pattern that the server's ajv and the browser cannot compile (unicode flag)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-rules-"));
    const spec = path.join(dir, "openapi.yaml");
    const contract = fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8").replace('pattern: "^[0-9]{10}$"', () => "pattern: '^[0-9]{10}\\_$'");
    expect(contract).toContain("pattern: '^[0-9]{10}\\_$'");
    fs.writeFileSync(spec, contract);
    try {
      await expect(run(process.execPath, [SCRIPT, "--stdout", "--spec", spec], { cwd: ROOT })).rejects.toMatchObject({
        stderr: expect.stringContaining("is not a valid regular expression with the unicode flag"),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a keyword the browser's validator does not interpret", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-rules-"));
    const spec = path.join(dir, "openapi.yaml");
    const contract = fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8").replace(/( +)participants:\n( +)type: integer\n/, (_m, indent: string, inner: string) => `${indent}participants:\n${inner}type: integer\n${inner}multipleOf: 1\n`);
    expect(contract).toContain("multipleOf: 1");
    fs.writeFileSync(spec, contract);
    try {
      await expect(run(process.execPath, [SCRIPT, "--stdout", "--spec", spec], { cwd: ROOT })).rejects.toMatchObject({
        stderr: expect.stringContaining('keyword "multipleOf" is not interpreted'),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
