/**
 * What a built page weighs on first load, shared by the benchmark
 * (scripts/bench/page-weight.mjs) and the budget test
 * (tests/e2e/routes.spec.ts).
 *
 * - HTML and CSS come from the file in public/: Gatsby inlines the stylesheet
 *   into every page, so CSS is the text of its <style> elements and HTML the
 *   rest of the document.
 * - JavaScript is what a browser actually runs on load: every script the page
 *   requests until the network is idle, once React has hydrated, with no
 *   interaction (so code fetched on demand, the search index on other pages,
 *   the forms' API client, is not counted, and Gatsby's <link rel=prefetch>
 *   of linked pages is not either). Sizes are the files' gzipped bytes.
 * - Every request the page made is listed too, so a test can tell that none
 *   went to another host.
 */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

/** The first-load JavaScript budget, gzipped (README, Performance). */
const JS_BUDGET_BYTES = 90 * 1024;

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

const sizeCache = new Map();
/** Gzipped size of a file of public/ by its URL path (0 when there is no such file). */
function publicFileSize(publicDir, urlPath) {
  const key = `${publicDir}:${urlPath}`;
  if (!sizeCache.has(key)) {
    const file = path.join(publicDir, decodeURIComponent(urlPath));
    sizeCache.set(key, file.startsWith(publicDir) && fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSize(fs.readFileSync(file)) : 0);
  }
  return sizeCache.get(key);
}

/** Gzipped bytes of a page's HTML without its inlined CSS, and of that CSS. */
function htmlAndCss(html) {
  let css = "";
  const rest = html.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open, body, close) => {
    css += body;
    return open + close;
  });
  return { html: gzipSize(Buffer.from(rest)), css: gzipSize(Buffer.from(css)) };
}

/** Every page the sitemap lists, as paths. */
function sitemapRoutes(publicDir) {
  const xml = fs.readFileSync(path.join(publicDir, "sitemap.xml"), "utf8");
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set(routes)].sort();
}

/**
 * Loads `route` in a Playwright page and weighs it.
 * @returns {Promise<{route: string, html: number, css: number, js: number, scripts: {path: string, bytes: number}[], requests: string[]}>}
 */
async function weighRoute(page, baseUrl, publicDir, route) {
  const requests = [];
  const onRequest = (request) => requests.push(request.url());
  page.on("request", onRequest);
  try {
    const response = await page.goto(new URL(route, baseUrl).href, { waitUntil: "load" });
    if (!response) throw new Error(`${route}: no response`);
    // The HTML as served: for /search?query=... the server adds the results to the built page.
    const html = await response.text();
    // data-hydrated on Gatsby's root says React has taken over (gatsby-browser.tsx).
    await page.waitForSelector('#___gatsby[data-hydrated="true"]', { state: "attached", timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    const scriptUrls = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.initiatorType === "script")
        .map((entry) => entry.name),
    );
    const origin = new URL(baseUrl).origin;
    const scripts = [...new Set(scriptUrls)]
      .map((url) => new URL(url))
      .filter((url) => url.origin === origin)
      .map((url) => ({ path: url.pathname, bytes: publicFileSize(publicDir, url.pathname) }));
    const js = scripts.reduce((sum, s) => sum + s.bytes, 0);
    return { route, ...htmlAndCss(html), js, scripts, requests };
  } finally {
    page.off("request", onRequest);
  }
}

module.exports = { JS_BUDGET_BYTES, sitemapRoutes, weighRoute };
