/**
 * src/contract/schema.d.ts is generated from openapi.yaml (npm run api:types) and
 * committed: it must be exactly what the generator makes of the current
 * contract. The generator (scripts/contract/api-types.mjs, openapi-typescript's
 * programmatic API + astToString) is ESM, so it runs in a child process and
 * prints the text; nothing is written.
 */
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import { promisify } from "util";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TYPES_PATH = path.join(ROOT, "src", "contract", "schema.d.ts");

describe("generated contract types", () => {
  let generated: string;
  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, "scripts", "contract", "api-types.mjs"), "--stdout"], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    generated = stdout;
  }, 60_000);

  it("src/contract/schema.d.ts is up to date with openapi.yaml (else run npm run api:types)", () => {
    const committed = fs.readFileSync(TYPES_PATH, "utf8");
    expect(generated.length).toBeGreaterThan(0);
    expect(committed === generated).toBe(true);
  });

  it("types uploaded files as Blob and lists every call", () => {
    expect(generated).toMatch(/UploadedDocument: Blob;/);
    for (const call of ["news-letter", "contact_us", "demo_form", "request_for_training", "sme_form", "transfer_partner", "careers", "product_order_form"]) {
      expect(generated).toContain(`"/api/v1/contact/${call}": {`);
    }
  });
});
