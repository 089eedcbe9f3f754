/**
 * No field is written twice in one object: JSON readers keep the last one and
 * the editor drops the other silently, so an edit to the first would be lost.
 */
import { visit } from "jsonc-parser";
import { lineAt } from "../lib/files.mjs";
import { escape, fieldName } from "../lib/schemas.mjs";

/** The Arabic overlays (data/<path>.ar.json) are checked too. */
export const overlays = true;

export default function check({ files }) {
  const problems = [];
  for (const [file, { data, text }] of files) {
    const seen = new Set();
    visit(text, {
      onObjectProperty(name, offset, _length, _line, _character, pathSupplier) {
        const path = pathSupplier();
        const key = `${JSON.stringify(path)}\u0000${name}`;
        if (!seen.has(key)) {
          seen.add(key);
          return;
        }
        const pointer = [...path, name].map((seg) => `/${escape(seg)}`).join("");
        problems.push({ file, pointer, line: lineAt(text, offset), message: `\`${fieldName(pointer, data)}\` is written twice in the same place; only the last one counts: remove the other` });
      },
    });
  }
  return problems;
}
