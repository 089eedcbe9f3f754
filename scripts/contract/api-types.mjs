/**
 * Generates the contract types (`src/contract/schema.d.ts`) from `openapi.yaml` with
 * openapi-typescript's programmatic API; `format: binary` (an uploaded file)
 * becomes `Blob`.
 *
 *   node scripts/contract/api-types.mjs            write src/contract/schema.d.ts   (npm run api:types)
 *   node scripts/contract/api-types.mjs --stdout   print it instead (tests/integration/tools/api-types.test.ts compares)
 *   node scripts/contract/api-types.mjs --check    fail when the committed file is out of date
 */
import fs from "fs";
import path from "path";
import { fileURLToPath, pathToFileURL } from "url";
import ts from "typescript";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SPEC_PATH = path.join(ROOT, "openapi.yaml");
export const TYPES_PATH = path.join(ROOT, "src", "contract", "schema.d.ts");

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** The text of src/contract/schema.d.ts for the current openapi.yaml. */
export async function generateApiTypes() {
  const ast = await openapiTS(pathToFileURL(SPEC_PATH), {
    silent: true,
    transform(schemaObject) {
      if (schemaObject.format === "binary") {
        return schemaObject.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
      }
      return undefined;
    },
  });
  return COMMENT_HEADER + astToString(ast);
}

async function main() {
  const text = await generateApiTypes();
  const relative = path.relative(process.cwd(), TYPES_PATH);
  if (process.argv.includes("--stdout")) {
    process.stdout.write(text);
    return;
  }
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(TYPES_PATH) ? fs.readFileSync(TYPES_PATH, "utf8") : "";
    if (current !== text) {
      console.error(`${relative} is out of date with openapi.yaml: run npm run api:types`);
      process.exit(1);
    }
    console.log(`${relative} is up to date`);
    return;
  }
  fs.mkdirSync(path.dirname(TYPES_PATH), { recursive: true });
  fs.writeFileSync(TYPES_PATH, text);
  console.log(`Wrote ${relative}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
