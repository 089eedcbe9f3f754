import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";

const ROOT = path.resolve(__dirname, "..", "..");
const ENTRY = path.join(ROOT, "dist", "server", "index.js");

/**
 * Compiles the server (tsconfig.server.json) into dist/ once per jest run and
 * copies its SQL migrations and the files it reads (the contract, the forms'
 * rules and words, the inboxes: scripts/build/runtime-files.cjs) beside it, for the tests that run it as a real
 * process (the "faults" project, faults-setup.ts). tsc emits even when
 * some file has a type error (the typecheck reports those); the run stops only
 * when the server's entry point is missing afterwards.
 */
export default function globalSetup(): void {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] });
  const result = spawnSync(process.execPath, [tsc, "-p", path.join(ROOT, "tsconfig.server.json")], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 5 * 60_000,
  });
  if (result.status !== 0 && fs.existsSync(ENTRY)) {
    const errors = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").length;
    console.warn(`\ntsc -p tsconfig.server.json reported ${errors} line(s) of errors; dist/ was emitted anyway.`);
  }
  if (!fs.existsSync(ENTRY)) {
    throw new Error(`Compiling the server did not produce ${path.relative(ROOT, ENTRY)}:\n${result.stdout ?? ""}${result.stderr ?? result.error?.message ?? ""}`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("../../scripts/build/copy-sql-migrations.cjs") as { copySqlMigrations(): string[] }).copySqlMigrations();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("../../scripts/build/runtime-files.cjs") as { copyRuntimeFiles(): unknown }).copyRuntimeFiles();
}
