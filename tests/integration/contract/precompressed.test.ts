/**
 * The build's text files sent from memory in the form compressed at build
 * time (scripts/build/precompress.mjs, server/site/static-files.ts): the right form for
 * each Accept-Encoding, byte for byte the file written by the build, with Vary,
 * validators, the cache policy and the page's Content-Security-Policy.
 */
import { execFileSync } from "child_process";
import express from "express";
import fs from "fs";
import http from "http";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import zlib from "zlib";
import { contentSecurityPolicy, inlineScriptHashes } from "../../../server/site/csp";
import { BUILD_INTERNAL_FILES, siteRouter } from "../../../server/site";
import { COMPRESSIBLE_EXTENSIONS, preferredEncoding } from "../../../server/site/static-files";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const HOME = `<!doctype html><html><head><title>Home</title></head><body><script>window.page="home"</script>${"<p>Hydraulic torque wrenches, pumps and tensioners for every joint.</p>".repeat(40)}</body></html>`;
const ABOUT = `<!doctype html><html><body><script>window.page="about"</script>${"<p>About the group.</p>".repeat(30)}</body></html>`;
const NOT_FOUND = `<!doctype html><html><body><h1>Page not found</h1>${"<p>Try the search.</p>".repeat(30)}</body></html>`;
const SCRIPT = `(function(){${"var torque=Math.max(1,2);".repeat(60)}})();`;
const HASHED_SCRIPT = "static/app-0123456789abcdef0123.js";
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

let publicDir: string;
let server: http.Server;
let base: string;

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, "about-us"), { recursive: true });
  fs.mkdirSync(path.join(dir, "static"), { recursive: true });
  fs.writeFileSync(path.join(dir, "index.html"), HOME);
  fs.writeFileSync(path.join(dir, "about-us", "index.html"), ABOUT);
  fs.writeFileSync(path.join(dir, "404.html"), NOT_FOUND);
  fs.writeFileSync(path.join(dir, HASHED_SCRIPT), SCRIPT);
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  fs.writeFileSync(path.join(dir, "static", "pixel.png"), PNG);
  // Build internals, large enough to be worth compressing; one with a compressed copy left by an earlier build.
  fs.writeFileSync(path.join(dir, "webpack.stats.json"), JSON.stringify({ assetsByChunkName: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`chunk-${i}`, [`chunk-${i}.js`]])) }));
  fs.writeFileSync(path.join(dir, "chunk-map.json"), JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`chunk-${i}`, [`/chunk-${i}.js`]]))));
  fs.writeFileSync(path.join(dir, "chunk-map.json.gz"), zlib.gzipSync("{}"));
  fs.writeFileSync(path.join(dir, "webpack.assets.json"), JSON.stringify({ hash: "0", assets: Array.from({ length: 40 }, (_, i) => `chunk-${i}.js`), groups: {} }));
}

/** Runs the build's compression step on a folder, as `npm run build:site` does. */
function precompress(dir: string): void {
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build", "precompress.mjs"), dir], { stdio: "pipe" });
}

async function serve(dir: string): Promise<{ server: http.Server; base: string }> {
  const app = express().use(siteRouter(dir));
  const started = http.createServer(app);
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return { server: started, base: `http://127.0.0.1:${(started.address() as AddressInfo).port}` };
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent (no decompression). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}

beforeAll(async () => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  writeBuild(publicDir);
  precompress(publicDir);
  ({ server, base } = await serve(publicDir));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe("the build step", () => {
  it("writes brotli and gzip forms of the text files only, each smaller than the file and decoding to it", () => {
    for (const file of ["index.html", "about-us/index.html", "404.html", HASHED_SCRIPT]) {
      const original = fs.readFileSync(path.join(publicDir, file));
      const br = fs.readFileSync(path.join(publicDir, `${file}.br`));
      const gz = fs.readFileSync(path.join(publicDir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
    }
    // Too small to gain anything, and images are compressed already.
    expect(fs.existsSync(path.join(publicDir, "robots.txt.br"))).toBe(false);
    expect(fs.existsSync(path.join(publicDir, "static", "pixel.png.br"))).toBe(false);
  });

  it("compresses the file types the server sends from memory", () => {
    const script = fs.readFileSync(path.join(ROOT, "scripts", "build", "precompress.mjs"), "utf8");
    const list = /export const COMPRESSIBLE_EXTENSIONS = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(list && (JSON.parse(list) as string[])).toEqual(COMPRESSIBLE_EXTENSIONS);
  });

  it("leaves the build internals the server refuses uncompressed, and removes an earlier build's compressed copy", () => {
    const script = fs.readFileSync(path.join(ROOT, "scripts", "build", "precompress.mjs"), "utf8");
    const list = /export const BUILD_INTERNAL_FILES = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(list && (JSON.parse(list) as string[])).toEqual(BUILD_INTERNAL_FILES);
    for (const name of BUILD_INTERNAL_FILES) {
      expect(fs.statSync(path.join(publicDir, name)).size).toBeGreaterThan(256);
      for (const suffix of ["br", "gz"]) expect([name, suffix, fs.existsSync(path.join(publicDir, `${name}.${suffix}`))]).toEqual([name, suffix, false]);
    }
  });

  it("compresses at brotli's highest quality", () => {
    const original = fs.readFileSync(path.join(publicDir, "index.html"));
    const best = zlib.brotliCompressSync(original, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });
    expect(fs.readFileSync(path.join(publicDir, "index.html.br")).length).toBeLessThanOrEqual(best.length);
  });
});

describe("pages and assets from memory", () => {
  it.each([
    ["br", "br, gzip, deflate", "br"],
    ["gzip", "gzip, deflate", "gz"],
    ["gzip when brotli is refused", "br;q=0, gzip", "gz"],
  ])("%s: the file written at build time, byte for byte, with Vary and its own ETag", async (_name, acceptEncoding, suffix) => {
    const answer = await raw(`${base}/`, { "Accept-Encoding": acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(suffix === "br" ? "br" : "gzip");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.equals(fs.readFileSync(path.join(publicDir, `index.html.${suffix}`)))).toBe(true);
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(decoded(answer)).toBe(HOME);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(answer.headers.etag).toMatch(new RegExp(`^".+-${suffix}"$`));
    expect(answer.headers["last-modified"]).toBe(fs.statSync(path.join(publicDir, "index.html")).mtime.toUTCString());
  });

  it("the file as it is to a client that takes no compression, with Vary", async () => {
    const clients: Record<string, string>[] = [{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }];
    for (const headers of clients) {
      const answer = await raw(`${base}/about-us`, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.body.toString("utf8")).toBe(ABOUT);
    }
  });

  it("each page carries its own Content-Security-Policy, the same in every form", async () => {
    const expected = contentSecurityPolicy(inlineScriptHashes(HOME));
    for (const encoding of ["br", "gzip", "identity"]) {
      const answer = await raw(`${base}/`, { "Accept-Encoding": encoding });
      expect(answer.headers["content-security-policy"]).toBe(expected);
    }
    const script = await raw(`${base}/${HASHED_SCRIPT}`, { "Accept-Encoding": "br" });
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(script)).toBe(SCRIPT);
  });

  it("answers 304 to a client holding the current form, and 200 to one holding another", async () => {
    const first = await raw(`${base}/`, { "Accept-Encoding": "br" });
    const again = await raw(`${base}/`, { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const gzipClient = await raw(`${base}/`, { "Accept-Encoding": "gzip", "If-None-Match": String(first.headers.etag) });
    expect(gzipClient.status).toBe(200);
    expect(decoded(gzipClient)).toBe(HOME);
    const stale = await raw(`${base}/`, { "Accept-Encoding": "br", "If-None-Match": '"another-version"' });
    expect(stale.status).toBe(200);
  });

  it("HEAD gives the headers of GET and no body", async () => {
    const get = await raw(`${base}/about-us`, { "Accept-Encoding": "br" });
    const head = await raw(`${base}/about-us`, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-length", "content-encoding", "etag", "vary", "content-security-policy"]) expect(head.headers[name]).toBe(get.headers[name]);
  });

  it("the 404 page comes compressed, with status 404 and its policy", async () => {
    const answer = await raw(`${base}/nowhere`, { "Accept-Encoding": "br", Accept: "text/html" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(decoded(answer)).toBe(NOT_FOUND);
    expect(answer.headers["content-security-policy"]).toBe(contentSecurityPolicy(inlineScriptHashes(NOT_FOUND)));
  });

  it("files that are not text come from the disk as they are", async () => {
    const answer = await raw(`${base}/static/pixel.png`, { "Accept-Encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(PNG)).toBe(true);
  });
});

describe("a build without its compressed forms, or with stale ones", () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is still sent compressed (made when the server starts)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-none-"));
    writeBuild(dir);
    const started = await serve(dir);
    try {
      const answer = await raw(`${started.base}/`, { "Accept-Encoding": "br" });
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(decoded(answer)).toBe(HOME);
    } finally {
      await new Promise((resolve) => started.server.close(resolve));
    }
  });

  it("never sends a compressed form older than its file", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-stale-"));
    writeBuild(dir);
    precompress(dir);
    const rebuilt = HOME.replace("Home", "Rebuilt home");
    const file = path.join(dir, "index.html");
    fs.writeFileSync(file, rebuilt);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const started = await serve(dir);
    try {
      for (const encoding of ["br", "gzip"]) {
        const answer = await raw(`${started.base}/`, { "Accept-Encoding": encoding });
        expect(decoded(answer)).toBe(rebuilt);
      }
    } finally {
      await new Promise((resolve) => started.server.close(resolve));
    }
  });
});

describe("Accept-Encoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0.9, gzip;q=0.8", "br"],
    ["br;q=0, *", "gzip"],
    ["br;q=junk, gzip", "gzip"],
  ])("%p → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
