/**
 * What each built page weighs on first load, gzipped: its HTML, the CSS
 * Gatsby inlines into it, and the JavaScript a browser runs before any
 * interaction (see testkit/page-weight-lib.cjs for how each is counted).
 *
 *   npm run build && node scripts/bench/page-weight.mjs [--json out.json]
 *
 * The compiled server serves the build; Debian's Chromium (CHROME_PATH, by
 * default /usr/bin/chromium) loads each page of the sitemap, and the search
 * page with a query.
 */
import { chromium } from "@playwright/test";
import fs from "fs";
import { parseArgs } from "util";
import weight from "../../testkit/page-weight-lib.cjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PUBLIC, startBuiltServer } from "./serve-build.mjs";

const { values } = parseArgs({ options: { json: { type: "string" }, help: { type: "boolean", default: false } } });
if (values.help) {
  console.log("node scripts/bench/page-weight.mjs [--json out.json]");
  process.exit(0);
}

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const kb = (n) => (n / 1024).toFixed(1).padStart(6);
const results = [];
try {
  const page = await browser.newPage();
  const routes = [...weight.sitemapRoutes(PUBLIC), "/search?query=torque"];
  console.log(`page weight, gzipped KB (first-load JS budget ${weight.JS_BUDGET_BYTES / 1024} KB)`);
  console.log(`${"page".padEnd(44)}   html    css     js`);
  for (const route of routes) {
    const r = await weight.weighRoute(page, server.base, PUBLIC, route);
    results.push({ route, html: r.html, css: r.css, js: r.js, scripts: r.scripts });
    const over = r.js > weight.JS_BUDGET_BYTES ? "  OVER BUDGET" : "";
    console.log(`${route.padEnd(44)} ${kb(r.html)} ${kb(r.css)} ${kb(r.js)}${over}`);
  }
  const worst = results.reduce((a, b) => (b.js > a.js ? b : a));
  console.log(`largest first-load JS: ${worst.route} ${kb(worst.js).trim()} KB gzipped`);
} finally {
  await browser.close();
  server.stop();
}
if (values.json) fs.writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
