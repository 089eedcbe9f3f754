/**
 * Stand-in Arabic for the tests that work on a copy of the repository: every
 * English data file of the copy without its Arabic overlay (data/<path>.ar.json)
 * gets one, written by `content:translations --write` (the overlay's skeleton,
 * the English texts in place) with Arabic words put before each text, so that
 * content:check and the build accept the copy. The repository's own overlays,
 * where there are, are left as they are.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";

const TRANSLATIONS = path.resolve(__dirname, "..", "..", "scripts", "content", "translations.mjs");

/** A skeleton's texts with Arabic words before them (empty texts and null cells as they are). */
export function standInArabic(value: unknown): unknown {
  if (typeof value === "string") return value === "" ? value : `نص عربي ${value}`;
  if (Array.isArray(value)) return value.map(standInArabic);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, standInArabic(v)]));
  return value;
}

/** Writes the stand-in overlay of each named English file of `root` (every one without, when none is named); returns the files written. */
export function writeStandInOverlays(root: string, files: string[] = []): string[] {
  const result = spawnSync(process.execPath, [TRANSLATIONS, "--root", root, "--write", ...files], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`content:translations --write: ${result.stdout}${result.stderr}`);
  const written: string[] = [];
  for (const line of result.stdout.split("\n")) {
    const file = /^(data\/\S+\.ar\.json): written/.exec(line)?.[1];
    if (!file) continue;
    const full = path.join(root, file);
    fs.writeFileSync(full, `${JSON.stringify(standInArabic(JSON.parse(fs.readFileSync(full, "utf8"))), null, 2)}\n`);
    written.push(file);
  }
  return written;
}
