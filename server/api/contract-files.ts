import fs from "fs";
import path from "path";

/** A file or folder of the repository, found by walking up from server/api/ (ts) as from dist/server/api/ (compiled). */
function findAbove(relative: string, start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${relative} not found above ${start}`);
  }
}

/** openapi.yaml at the repository root. */
export function findApiSpec(start: string = __dirname): string {
  return findAbove("openapi.yaml", start);
}

/** The folder of the contract's form rules (scripts/contract/form-rules.mjs writes them). */
export function findFormRules(start: string = __dirname): string {
  return findAbove(path.join("src", "contract", "form-rules"), start);
}
