import fs from "fs/promises";
import path from "path";
import type { IncomingFile } from "./types";

/** Flushes a file or directory to disk (its content, or its list of names). */
async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Keeps the files of a submission under `dir` by their stored names, durably,
 * before the commit that points to them: each temporary file is made private
 * (0600) and flushed, renamed into `dir`, and `dir` itself is flushed, so after
 * a power cut a committed row never names a missing or empty file. Returns the
 * paths written; on failure nothing written stays.
 */
export async function keepFilesDurably(dir: string, files: IncomingFile[]): Promise<string[]> {
  if (files.length === 0) return [];
  const kept: string[] = [];
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    for (const file of files) {
      const handle = await fs.open(file.tempPath, "r");
      try {
        await handle.chmod(0o600);
        await handle.sync();
      } finally {
        await handle.close();
      }
      const target = path.join(dir, path.basename(file.storedName));
      await fs.rename(file.tempPath, target);
      kept.push(target);
    }
    await fsyncPath(dir);
  } catch (err) {
    await removeFiles(kept);
    throw err;
  }
  return kept;
}

/** Deletes files again (the transaction that should have kept them failed). */
export async function removeFiles(paths: string[]): Promise<void> {
  await Promise.all(paths.map((file) => fs.rm(file, { force: true }).catch(() => undefined)));
}
