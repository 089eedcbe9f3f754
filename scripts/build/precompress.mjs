/**
 * Compresses the build's text files once, at the highest quality, so the
 * server sends them from memory instead of compressing every answer again:
 * next to each `public/**.{html,js,css,json,svg,xml,txt,webmanifest}` it
 * writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9).
 * A compressed copy that is not smaller than the file is not written (and an
 * old one is removed), so the server sends the file as it is.
 *
 *   node scripts/build/precompress.mjs [public-dir]      (run by `npm run build:site`)
 *
 * The server (server/site/static-files.ts) reads the same list of extensions.
 */
import fs from "fs";
import path from "path";
import { fileURLToPath, pathToFileURL } from "url";
import { promisify } from "util";
import zlib from "zlib";

/** Extensions worth compressing (text); images, videos, fonts and PDFs are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = [".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest"];
/** Files smaller than this gain nothing from compression (headers cost more). */
const MIN_COMPRESS_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Build internals the server never sends (the same list as BUILD_INTERNAL_FILES
 * of server/site/index.ts): not compressed, and a compressed copy of an
 * earlier build is removed.
 */
export const BUILD_INTERNAL_FILES = ["webpack.stats.json", "webpack.assets.json", "chunk-map.json"];

/** Every compressible file under `dir` (source maps and build internals excluded: they are not served). */
function compressibleFiles(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.isFile()) continue;
      else if (BUILD_INTERNAL_FILES.includes(entry.name.toLowerCase())) for (const suffix of ["br", "gz"]) fs.rmSync(`${full}.${suffix}`, { force: true });
      else if (COMPRESSIBLE_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) found.push(full);
    }
  };
  walk(dir);
  return found.sort();
}

/** The brotli (quality 11, text mode) and gzip (level 9) forms of `data`. */
async function compressBoth(data) {
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/** Writes (or removes) `file.br` and `file.gz`; returns the bytes of each form. */
async function precompressFile(file) {
  const data = fs.readFileSync(file);
  const sizes = { file, identity: data.length, br: data.length, gz: data.length };
  const forms = data.length >= MIN_COMPRESS_BYTES ? await compressBoth(data) : { br: null, gz: null };
  for (const [suffix, compressed] of Object.entries(forms)) {
    const target = `${file}.${suffix}`;
    if (compressed && compressed.length < data.length) {
      const temp = `${target}.tmp`;
      fs.writeFileSync(temp, compressed);
      fs.renameSync(temp, target);
      sizes[suffix] = compressed.length;
    } else {
      fs.rmSync(target, { force: true });
    }
  }
  return sizes;
}

/** Compresses every file of the build, a few at a time (zlib works in its own threads). */
async function precompress(dir, { concurrency = 4 } = {}) {
  const files = compressibleFiles(dir);
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) results.push(await precompressFile(files[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const dir = path.resolve(process.argv[2] ?? path.join(root, "public"));
  const started = Date.now();
  const results = await precompress(dir);
  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `Precompressed ${results.length} files of ${path.relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(total("identity"))} → brotli ${kb(total("br"))}, gzip ${kb(total("gz"))}`,
  );
}
