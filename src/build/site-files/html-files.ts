import fs from "fs";
import path from "path";

/** Every .html file under `dir`. */
export function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith(".html") ? [file] : [];
  });
}

/** Rewrites every .html file under `dir` through `change`; returns how many files it changed. */
export function rewriteHtmlFiles(dir: string, change: (html: string) => string): number {
  let changed = 0;
  for (const file of htmlFiles(dir)) {
    const html = fs.readFileSync(file, "utf8");
    const next = change(html);
    if (next !== html) {
      fs.writeFileSync(file, next);
      changed++;
    }
  }
  return changed;
}
