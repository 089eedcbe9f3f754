#!/usr/bin/env node
/**
 * `npm run content:format`: rewrites every data file that is not in the
 * editor's layout (JSON.stringify(data, null, 2) and a final newline, as
 * Decap CMS writes it) in that layout. Values are unchanged: a file that is
 * not valid JSON, or writes a field twice in one object (rewriting would drop
 * one), is left as it is and named (content:check says where).
 *
 *   node scripts/content/format.mjs [--root DIR]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import findDuplicates from "./checks/duplicates.mjs";
import { layout, listDataFiles, syntaxError } from "./lib/files.mjs";
import { REPO } from "./lib/schemas.mjs";

const { values } = parseArgs({ options: { root: { type: "string" } } });
const root = path.resolve(values.root ?? REPO);
let rewritten = 0;
let broken = 0;
for (const file of listDataFiles(root)) {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, "utf8");
  const error = syntaxError(text);
  if (error) {
    console.error(`${file}:${error.line}: not rewritten: ${error.message}`);
    broken++;
    continue;
  }
  const data = JSON.parse(text);
  const duplicates = findDuplicates({ files: new Map([[file, { data, text }]]) });
  if (duplicates.length > 0) {
    for (const d of duplicates) console.error(`${file}:${d.line}: not rewritten: ${d.message}`);
    broken++;
    continue;
  }
  const wanted = layout(data);
  if (wanted === text) continue;
  fs.writeFileSync(full, wanted);
  console.log(`${file}: rewritten in the editor's layout`);
  rewritten++;
}
console.log(`content:format: ${rewritten} ${rewritten === 1 ? "file" : "files"} rewritten${broken ? `, ${broken} left as they are (see above)` : ""}`);
process.exitCode = broken ? 1 : 0;
