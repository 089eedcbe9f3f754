import fs from "fs";
import path from "path";

/**
 * What `grep -r` would find: for each of `values` found in any file under
 * `dir` (every file, every folder), the files it is in, relative to `dir`.
 * Files that vanish during the scan are skipped.
 */
export function findOnDisk(dir: string, values: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const visit = (folder: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(target);
      else if (entry.isFile()) {
        let bytes: Buffer;
        try {
          bytes = fs.readFileSync(target);
        } catch {
          continue;
        }
        for (const value of values) {
          if (bytes.includes(value)) (found[value] ??= []).push(path.relative(dir, target));
        }
      }
    }
  };
  visit(dir);
  return found;
}
