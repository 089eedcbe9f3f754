#!/usr/bin/env node
/**
 * `npm run content:check`: every data file checked against its schema
 * (schemas/content/, lib/schemas.mjs) and by every module of checks/, every
 * error printed at once, one a line:
 *
 *   data/careers.json:42: /openings/roles/3: `openings.roles[3]` lacks `datePosted`
 *
 * (file, line, JSON pointer, plain words); exit 1 when there is any, 0 with a
 * one-line summary when there is none. It runs first in `npm run build:site`.
 *
 *   node scripts/content/check.mjs [--root DIR]
 *
 * --root names the folder whose data/ (and data/media/) is checked, by
 * default the repository; the schemas, the check modules and the names of the
 * drawn pictures are always the repository's.
 *
 * A check module (checks/*.mjs) exports `default function check(ctx)`
 * returning (or resolving to) a list of { file, pointer, message }; ctx is
 * { root, files }, files a Map from each English data file's path
 * ("data/home.json") to { data, text }. Files that are not valid JSON are
 * reported here and left out of ctx.files; a check module must not assume the
 * data passed its schema. A module that exports `overlays = true` (the layout,
 * fields written twice) gets the Arabic overlays in ctx.files too.
 *
 * The Arabic overlays (data/<path>.ar.json, docs/content.md "Arabic") are
 * checked here against their English file (lib/translations.mjs): every
 * English file but the API reference has one, holding the Arabic of each of
 * its texts and nothing else. CONTENT_ARABIC=optional turns a missing overlay
 * file into a note (for a branch where the translations are not in yet); the
 * overlays that exist are checked all the same.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { lineOf, readDataFiles } from "./lib/files.mjs";
import { explainAll } from "./lib/messages.mjs";
import { compileSchemas, kindOf, loadSchemas, REPO, schemaFileOf } from "./lib/schemas.mjs";
import { needsOverlay, overlayProblems } from "./lib/translations.mjs";
import overlayModule from "../../src/shared/i18n/overlay.cjs";

const { englishFileOf, isOverlayFile, overlayFileOf } = overlayModule;

const CHECKS_DIR = path.join(REPO, "scripts/content/checks");

/** Every problem of the data under `root`: [{ file, line, pointer, message }], sorted by file and line. */
export async function checkContent(root, { arabicOptional = process.env.CONTENT_ARABIC === "optional" } = {}) {
  const { files: allFiles, broken } = readDataFiles(root);
  const files = new Map([...allFiles].filter(([file]) => !isOverlayFile(file)));
  const overlays = new Map([...allFiles].filter(([file]) => isOverlayFile(file)));
  const problems = broken.map((b) => ({ ...b }));
  const schemas = loadSchemas();
  const validators = compileSchemas(schemas);
  const located = [];
  const notes = [];
  const present = new Set([...allFiles.keys(), ...broken.map((b) => b.file)]);
  for (const [file, entry] of files) {
    const kind = kindOf(file);
    const validate = validators.get(kind);
    if (!validate) {
      located.push({ file, pointer: "", message: `no schema says what this file holds: add ${schemaFileOf(kind)}` });
      continue;
    }
    if (!validate(entry.data)) for (const words of explainAll(validate.errors, entry.data, schemas.get(kind))) located.push({ file, ...words });
  }
  // The Arabic overlays: one per English file that has texts, holding exactly their Arabic.
  for (const file of [...present].filter((f) => !isOverlayFile(f)).sort()) {
    const schema = schemas.get(kindOf(file));
    const overlay = overlayFileOf(file);
    if (!schema || !needsOverlay(schema) || present.has(overlay)) continue;
    const message = `there is no Arabic for ${file}: write ${overlay} (\`npm run content:translations -- ${file}\` prints what it must hold)`;
    if (arabicOptional) notes.push(overlay);
    else located.push({ file: overlay, pointer: "", line: 1, message });
  }
  for (const [file, entry] of overlays) {
    const english = englishFileOf(file);
    const schema = schemas.get(kindOf(english));
    if (!present.has(english)) {
      located.push({ file, pointer: "", message: `there is no English file ${english} for this Arabic: an Arabic file sits beside the English one it translates (rename or remove it)` });
      continue;
    }
    if (!schema || !files.has(english)) continue; // the English file's own problem is reported
    for (const words of overlayProblems(schema, files.get(english).data, entry.data)) located.push({ file, ...words });
  }
  const modules = fs.readdirSync(CHECKS_DIR).filter((f) => f.endsWith(".mjs")).sort();
  for (const name of modules) {
    const { default: check, overlays: withOverlays } = await import(pathToFileURL(path.join(CHECKS_DIR, name)).href);
    try {
      for (const problem of (await check({ root, files: withOverlays ? allFiles : files })) ?? []) located.push(problem);
    } catch (error) {
      const where = /\((.*):(\d+):\d+\)/.exec(String(error.stack).split("\n")[1] ?? "");
      located.push({ file: `scripts/content/checks/${name}`, pointer: "", line: where ? Number(where[2]) : 1, message: `the check itself failed (a bug in the check, not in the data): ${error.message ?? error}` });
    }
  }
  for (const problem of located) {
    const entry = allFiles.get(problem.file);
    problems.push({ ...problem, line: problem.line ?? (entry ? lineOf(entry, problem.pointer ?? "") : 1) });
  }
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { problems, missingArabic: notes, fileCount: allFiles.size + broken.length, schemaCount: schemas.size, checkCount: modules.length };
}

/** One line of output: `<file>:<line>: <pointer>: <message>`. */
export const formatProblem = (p) => `${p.file}:${p.line}: ${p.pointer || "/"}: ${p.message}`;

async function main() {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = path.resolve(values.root ?? REPO);
  const { problems, missingArabic: notes, fileCount, schemaCount, checkCount } = await checkContent(root);
  if (notes.length > 0) console.error(`content:check: CONTENT_ARABIC=optional: ${notes.length} Arabic ${notes.length === 1 ? "file is" : "files are"} missing, not counted as errors: ${notes.join(", ")}`);
  if (problems.length === 0) {
    console.log(`content:check: ${fileCount} data files match their ${schemaCount} schemas and pass ${checkCount} checks`);
    return 0;
  }
  for (const problem of problems) console.error(formatProblem(problem));
  const inFiles = new Set(problems.map((p) => p.file)).size;
  console.error(`content:check: ${problems.length} ${problems.length === 1 ? "error" : "errors"} in ${inFiles} ${inFiles === 1 ? "file" : "files"}: fix them and run it again (docs/content.md, "Checking content")`);
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
