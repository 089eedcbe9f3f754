/**
 * Every data file is in the editor's layout, JSON.stringify(data, null, 2)
 * plus a final newline, as the content editor (Decap CMS) writes it: opening
 * and saving an entry then changes nothing. `npm run content:format` rewrites
 * the files that are not.
 */
import { firstLayoutDifference, layout } from "../lib/files.mjs";

/** The Arabic overlays (data/<path>.ar.json) are checked too. */
export const overlays = true;

export default function check({ files }) {
  const problems = [];
  for (const [file, { data, text }] of files) {
    if (text === layout(data)) continue;
    problems.push({
      file,
      pointer: "",
      line: firstLayoutDifference(text, data),
      message: "the file is not in the editor's layout (two spaces per level, one list item per line, a newline at the end): run `npm run content:format`",
    });
  }
  return problems;
}
