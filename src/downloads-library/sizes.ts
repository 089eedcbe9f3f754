/**
 * The sizes the library shows are the built files' own: the build writes the
 * documents (the same writer as public/, into a scratch folder) before the
 * pages are rendered and measures them, and checks public/ against them once
 * the files are in place. Node only (gatsby-node.ts and the tests).
 */
import fs from "fs";
import os from "os";
import path from "path";
import { writeProductDocuments, writeSampleDocuments, type AssetReporter } from "../build/catalogue-assets";
import type { CatalogueAssetsData } from "../build/catalogue-assets/types";
import type { LibraryDocument } from "./records";

/** The file a site URL ("/assets/documents/IEG_ISO_Certificate.pdf") is served from, under a build folder. */
export function fileOfUrl(root: string, url: string): string {
  return path.join(root, ...url.replace(/^\/+/, "").split("/").map(decodeURIComponent));
}

/** The size in bytes of the file a URL names under root, or null when there is no such file. */
export function sizeUnder(root: string): (url: string) => number | null {
  return (url) => {
    try {
      const stat = fs.statSync(fileOfUrl(root, url));
      return stat.isFile() ? stat.size : null;
    } catch {
      return null;
    }
  };
}

/**
 * Writes every document of the data into a scratch folder with the writer of
 * the build (the company's own PDFs copied as given), and returns the size of
 * each by URL. The folder is removed.
 */
export async function measureDocuments(data: CatalogueAssetsData, reporter: AssetReporter, dataDir?: string): Promise<Map<string, number>> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "document-library-"));
  try {
    await writeProductDocuments(data, dir, reporter, dataDir);
    await writeSampleDocuments(data, dir, dataDir);
    const sizes = new Map<string, number>();
    const walk = async (folder: string): Promise<void> => {
      for (const entry of await fs.promises.readdir(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(file);
        else sizes.set(`/${path.relative(dir, file).split(path.sep).map(encodeURIComponent).join("/")}`, (await fs.promises.stat(file)).size);
      }
    };
    await walk(dir);
    return sizes;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The size a URL's file had when measured; keys are compared decoded, so either spelling of a space matches. */
export function sizeFrom(sizes: Map<string, number>): (url: string) => number | null {
  const decoded = new Map([...sizes].map(([url, size]) => [decodeURIComponent(url), size]));
  return (url) => decoded.get(decodeURIComponent(url)) ?? null;
}

/** The documents whose file in the build folder is missing or has another size than the page shows. */
export function sizeMismatches(documents: readonly LibraryDocument[], publicDir: string): string[] {
  const actual = sizeUnder(publicDir);
  return documents.flatMap((doc) => {
    const size = actual(doc.url);
    return size === doc.size ? [] : [`${doc.url}: the page shows ${doc.size ?? "no size"}, the file has ${size ?? "no file"}`];
  });
}
