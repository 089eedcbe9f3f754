import path from "path";
import { APP_ROOT } from "../app-root";

/** openapi.yaml of the server's own folder (dist/openapi.yaml when compiled, baked by npm run build:server). */
export function findApiSpec(root: string = APP_ROOT): string {
  return path.join(root, "openapi.yaml");
}

/** The folder of the contract's form rules (scripts/contract/form-rules.mjs writes them; npm run build:server bakes them into dist/). */
export function findFormRules(root: string = APP_ROOT): string {
  return path.join(root, "src", "contract", "form-rules");
}
