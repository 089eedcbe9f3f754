#!/usr/bin/env node
/**
 * `npm run content:translations -- data/<path>.json`: what the Arabic of a
 * data file must hold (docs/content.md, "Arabic").
 *
 * - No Arabic file yet (data/<path>.ar.json): prints its skeleton, the file
 *   to start from: every translatable text of the English file at its path,
 *   still in English, to be replaced by its Arabic; specification cells
 *   without words (figures, models, units) are null ("as in English").
 * - The Arabic file exists: prints what is missing, extra or left in English
 *   (file:line: pointer: words, as content:check), or that it is complete.
 *
 *   node scripts/content/translations.mjs [--root DIR] [--write] [data/x.json ...]
 *
 * Several files may be named (an Arabic file's name names its English one);
 * with several, each skeleton is preceded by a line naming its file.
 * --write writes the skeleton of each named file that has no Arabic file yet
 * into data/<path>.ar.json (never over an existing one); with --write and no
 * file named, that of every English file without its Arabic. Exit 1 when an
 * Arabic file named has problems, or a file is not a data file.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { layout, lineOf, listDataFiles, syntaxError } from "./lib/files.mjs";
import { kindOf, loadSchemas, REPO } from "./lib/schemas.mjs";
import { needsOverlay, overlayProblems, skeleton } from "./lib/translations.mjs";
import overlayModule from "../../src/shared/i18n/overlay.cjs";

const { englishFileOf, isOverlayFile, overlayFileOf } = overlayModule;

/** Reads a data file: { data, text } or { error } (a line and words). */
function readFile(root, file) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) return { missing: true };
  const text = fs.readFileSync(full, "utf8");
  const error = syntaxError(text);
  return error ? { error } : { data: JSON.parse(text), text };
}

async function main() {
  const { values, positionals } = parseArgs({ options: { root: { type: "string" }, write: { type: "boolean" } }, allowPositionals: true });
  const root = path.resolve(values.root ?? REPO);
  const schemas = loadSchemas();
  const named = positionals.map((p) => englishFileOf(path.relative(root, path.resolve(root, p)).split(path.sep).join("/")));
  const files = named.length > 0 ? named : values.write ? listDataFiles(root).filter((f) => !isOverlayFile(f)) : [];
  if (files.length === 0) {
    console.error("content:translations: name a data file: npm run content:translations -- data/about.json (or --write to write the skeleton of every English file without its Arabic)");
    return 1;
  }
  let status = 0;
  for (const file of files) {
    const kind = kindOf(file);
    const schema = kind && schemas.get(kind);
    const english = readFile(root, file);
    if (!schema || english.missing) {
      console.error(`${file}: not a data file with a schema (data/<name>.json or data/<folder>/<name>.json)`);
      status = 1;
      continue;
    }
    if (english.error) {
      console.error(`${file}:${english.error.line}: ${english.error.message} (content:check says more)`);
      status = 1;
      continue;
    }
    const arabicFile = overlayFileOf(file);
    if (!needsOverlay(schema)) {
      if (named.length > 0) console.error(`${file} stays in English: it has no Arabic file`);
      continue;
    }
    const arabic = readFile(root, arabicFile);
    if (arabic.missing) {
      const text = layout(skeleton(schema, english.data));
      if (values.write) {
        fs.writeFileSync(path.join(root, arabicFile), text);
        console.log(`${arabicFile}: written, the English texts in place: replace each with its Arabic`);
      } else {
        if (files.length > 1) console.log(`${arabicFile}:`);
        process.stdout.write(text);
      }
      continue;
    }
    if (values.write) console.log(`${arabicFile}: exists, left as it is`);
    if (arabic.error) {
      console.error(`${arabicFile}:${arabic.error.line}: /: ${arabic.error.message}`);
      status = 1;
      continue;
    }
    const problems = overlayProblems(schema, english.data, arabic.data).map((p) => ({ ...p, line: lineOf(arabic, p.pointer) }));
    problems.sort((a, b) => a.line - b.line);
    if (problems.length === 0) {
      console.log(`${arabicFile}: complete: every text of ${file} has its Arabic`);
      continue;
    }
    for (const p of problems) console.error(`${arabicFile}:${p.line}: ${p.pointer || "/"}: ${p.message}`);
    console.error(`${arabicFile}: ${problems.length} ${problems.length === 1 ? "problem" : "problems"}`);
    status = 1;
  }
  return status;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
