import fs from "fs";
import os from "os";
import path from "path";

/**
 * The service worker's precache list (scripts/build/precache-list.cjs), over a
 * public/ folder like the one a build leaves: scripts of this build and of an
 * older one side by side (Gatsby does not empty public/), videos, pages.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("../../scripts/build/precache-list.cjs") as {
  PRECACHE_LIMIT_BYTES: number;
  precachedPages(): string[];
  precacheList(publicDir: string, options?: { pages?: string[]; limit?: number }): { entries: { file: string; url: string; size: number }[]; size: number };
  twinList(publicDir: string): { byLang: Record<string, { cache: string; urls: string[] }>; sizes: Record<string, { files: number; size: number; gzipped: number }> };
};

const PAGES = lib.precachedPages();
const ROOT = path.resolve(__dirname, "../..");

/** A file of `bytes` bytes under `dir`. */
function put(dir: string, file: string, bytes = 100, text?: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text ?? "x".repeat(bytes));
}

const componentOf = (page: string) => (page === "/" ? "component---src-pages-index-tsx" : page === "/contact" ? "component---src-pages-contact-tsx" : page === "/enquiry" ? "component---src-pages-enquiry-tsx" : "component---src-templates-category-tsx");
const dataDir = (page: string) => (page === "/" ? "index" : page.slice(1));

/** A built public/ folder: this build ("new"), an older one's scripts ("old"), a product page, videos. */
function makePublic(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precache-"));
  const components = [...new Set(PAGES.map(componentOf)), "component---src-templates-product-tsx"];
  const groups: Record<string, string[]> = {
    app: ["webpack-runtime-1111111111111111aaaa.js", "framework-2222222222222222aaaa.js", "app-3333333333333333aaaa.js", "offline-4444444444444444aaaa.js", "styles.5555555555555555aaaa.css"],
  };
  for (const name of components) groups[name] = ["commons-6666666666666666aaaa.js", `${name}-7777777777777777aaaa.js`, "422-8888888888888888aaaa.js", "spam-proof-9999999999999999aaaa.js", "styles.5555555555555555aaaa.css"];
  const assets = [...new Set(Object.values(groups).flat())];
  for (const file of assets) put(dir, file, 1000);
  for (const file of assets.filter((f) => f.endsWith(".js"))) put(dir, `${file}.map`, 5000);
  // An older build's scripts, left in public/.
  for (const file of ["app-0000000000000000beef.js", "commons-0000000000000000beef.js", "component---src-pages-contact-tsx-0000000000000000beef.js", "422-0000000000000000beef.js"]) put(dir, file, 1000);
  const namedChunkGroups = Object.fromEntries(Object.entries(groups).map(([name, files]) => [name, { assets: files.filter((f) => !/^422-/.test(f)).map((f) => ({ name: f })) }]));
  put(dir, "webpack.stats.json", 0, JSON.stringify({ name: "build", namedChunkGroups }));
  put(dir, "webpack.assets.json", 0, JSON.stringify({ hash: "h", assets: [...assets, ...assets.filter((f) => f.endsWith(".js")).map((f) => `${f}.map`)], groups }));
  put(dir, "page-data/app-data.json", 50);
  for (const page of [...PAGES, "/some-product"]) {
    put(dir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`, 20_000);
    const component = page === "/some-product" ? "component---src-templates-product-tsx" : componentOf(page);
    put(dir, `page-data/${dataDir(page)}/page-data.json`, 0, JSON.stringify({ componentChunkName: component, path: page, result: {}, staticQueryHashes: ["101", "202"], slicesMap: {} }));
    // Its Arabic twin: the same component and static queries, its own HTML and page data.
    const twin = page === "/" ? "/ar" : `/ar${page}`;
    put(dir, `${twin.slice(1)}/index.html`, 21_000);
    put(dir, `page-data/${twin.slice(1)}/page-data.json`, 0, JSON.stringify({ componentChunkName: component, path: twin, result: { pageContext: { lang: "ar" } }, staticQueryHashes: ["101", "202"], slicesMap: {} }));
  }
  put(dir, "page-data/sq/d/101.json", 300);
  put(dir, "page-data/sq/d/202.json", 300);
  put(dir, "page-data/sq/d/303.json", 300);
  for (const file of ["offline/index.html", "ar/offline/index.html", "offline/offline.css", "offline/offline.js"]) put(dir, file, 500);
  put(dir, "videos/hero.mp4", 2_000_000);
  put(dir, "videos/hero.webm", 2_000_000);
  put(dir, "assets/documents/sheet.pdf", 50_000);
  return dir;
}

describe("the precache list", () => {
  let dir: string;
  beforeAll(() => {
    dir = makePublic();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("holds this build's scripts of the entry and the precached pages, with what they load on demand, and nothing of an older build", () => {
    const files = lib.precacheList(dir).entries.map((e) => e.file);
    for (const file of ["webpack-runtime-1111111111111111aaaa.js", "framework-2222222222222222aaaa.js", "app-3333333333333333aaaa.js", "offline-4444444444444444aaaa.js", "commons-6666666666666666aaaa.js", "422-8888888888888888aaaa.js", "spam-proof-9999999999999999aaaa.js", "component---src-pages-contact-tsx-7777777777777777aaaa.js"]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => f.includes("beef"))).toEqual([]);
    // The product pages' code is cached at run time, when used.
    expect(files.filter((f) => f.includes("product"))).toEqual([]);
    expect(files.filter((f) => f.endsWith(".map") || /^styles\./.test(f) || f.startsWith("webpack."))).toEqual([]);
  });

  test("holds the precached pages at their addresses, their page data and static queries, app data and the offline page; no video, no document", () => {
    const { entries } = lib.precacheList(dir);
    const urls = entries.map((e) => e.url);
    expect(PAGES).toEqual(expect.arrayContaining(["/", "/contact", "/enquiry"]));
    expect(PAGES.length).toBeGreaterThan(3);
    for (const page of PAGES) {
      expect(urls).toContain(page);
      expect(urls).toContain(`/page-data/${dataDir(page)}/page-data.json`);
    }
    expect(urls).toEqual(expect.arrayContaining(["/page-data/app-data.json", "/page-data/sq/d/101.json", "/page-data/sq/d/202.json", "/offline", "/ar/offline", "/offline/offline.css", "/offline/offline.js"]));
    expect(urls).not.toContain("/page-data/sq/d/303.json");
    // The Arabic twins are not in the precache (twinList): only the Arabic offline page is.
    expect(urls.filter((u) => u.startsWith("/ar") || u.startsWith("/page-data/ar"))).toEqual(["/ar/offline"]);
    expect(urls).not.toContain("/some-product");
    expect(urls.filter((u) => /\.(mp4|webm|pdf)$/.test(u) || u.startsWith("/videos/"))).toEqual([]);
  });

  test("is counted in bytes as cached and is under the bound; over it, the build stops", () => {
    const { entries, size } = lib.precacheList(dir);
    expect(size).toBe(entries.reduce((sum, e) => sum + fs.statSync(path.join(dir, e.file)).size, 0));
    expect(size).toBeLessThan(lib.PRECACHE_LIMIT_BYTES);
    expect(lib.PRECACHE_LIMIT_BYTES).toBeLessThanOrEqual(1.5 * 1000 * 1000);
    expect(() => lib.precacheList(dir, { limit: size })).toThrow(/not under the bound/);
  });

  test("the pages are those of the English data files: a category's Arabic overlay (data/categories/*.ar.json) is no page", () => {
    const categories = fs.readdirSync(path.join(ROOT, "data/categories"));
    expect(categories.some((file) => file.endsWith(".ar.json"))).toBe(true);
    expect(PAGES.filter((page) => /\.[a-z]{2}$/.test(page))).toEqual([]);
    expect(PAGES.length).toBe(3 + categories.filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json")).length);
  });

  test("the Arabic twins of the precached pages: their HTML and page data, not what the precache holds already, in a cache named after their content", () => {
    const { byLang, sizes } = lib.twinList(dir);
    const twins = PAGES.map((page) => (page === "/" ? "/ar" : `/ar${page}`));
    expect(byLang.ar.urls.sort()).toEqual([...twins, ...PAGES.map((page) => `/page-data/ar${page === "/" ? "" : page}/page-data.json`)].sort());
    expect(byLang.ar.cache).toMatch(/^site-lang-ar-[0-9a-f]{12}$/);
    expect(sizes.ar.files).toBe(byLang.ar.urls.length);
    expect(sizes.ar.size).toBe(twins.length * 21_000 + twins.reduce((sum, twin) => sum + fs.statSync(path.join(dir, `page-data/${twin.slice(1)}/page-data.json`)).size, 0));
    expect(sizes.ar.gzipped).toBeGreaterThan(0);
    // Changed content, another cache name (the worker caches them again).
    const changed = fs.mkdtempSync(path.join(os.tmpdir(), "precache-twins-"));
    try {
      fs.cpSync(dir, changed, { recursive: true });
      put(changed, "ar/contact/index.html", 21_000, "y".repeat(21_000));
      expect(lib.twinList(changed).byLang.ar.cache).not.toBe(byLang.ar.cache);
    } finally {
      fs.rmSync(changed, { recursive: true, force: true });
    }
  });

  test("a file list left by another build is refused", () => {
    const stale = fs.mkdtempSync(path.join(os.tmpdir(), "precache-stale-"));
    try {
      fs.cpSync(dir, stale, { recursive: true });
      const stats = JSON.parse(fs.readFileSync(path.join(stale, "webpack.stats.json"), "utf8"));
      stats.namedChunkGroups.app.assets.push({ name: "app-abcdefabcdefabcdef12.js" });
      fs.writeFileSync(path.join(stale, "webpack.stats.json"), JSON.stringify(stats));
      expect(() => lib.precacheList(stale)).toThrow(/not from the build/);
    } finally {
      fs.rmSync(stale, { recursive: true, force: true });
    }
  });
});
