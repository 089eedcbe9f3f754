/**
 * What each built page weighs on first load, gzipped: its HTML (with the CSS
 * Gatsby inlines) and the JavaScript it runs before any interaction — the
 * "app" chunk group (webpack runtime, React, Gatsby) plus the chunk group of
 * the page's component, as webpack.stats.json lists them. Code loaded later
 * on demand (search, form API client) is not counted.
 *
 *   npm run build && node scripts/bench/page-weight.mjs
 */
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import zlib from "zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PUBLIC = path.join(ROOT, "public");
if (!fs.existsSync(path.join(PUBLIC, "index.html"))) {
  console.error("No build in public/: run npm run build first");
  process.exit(2);
}

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const cache = new Map();
const assetSize = (url) => {
  if (!cache.has(url)) {
    const file = path.join(PUBLIC, decodeURIComponent(url.split("?")[0]));
    cache.set(url, fs.existsSync(file) ? gz(fs.readFileSync(file)) : 0);
  }
  return cache.get(url);
};

function pages(dir, prefix = "") {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || ["static", "page-data", "assets", "_gatsby", "~partytown", "videos", "404"].includes(entry.name)) continue;
    const route = `${prefix}/${entry.name}`;
    if (fs.existsSync(path.join(dir, entry.name, "index.html"))) out.push(route);
    out.push(...pages(path.join(dir, entry.name), route));
  }
  return out;
}

const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8"));
const groupJs = (name) => (stats.namedChunkGroups[name]?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith(".js"));
const componentOf = (route) => {
  const file = path.join(PUBLIC, "page-data", route === "/" ? "index" : route, "page-data.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).componentChunkName;
};

const routes = ["/", ...pages(PUBLIC).sort()];
const kb = (n) => (n / 1024).toFixed(1).padStart(6);
console.log("page weight, gzipped KB: html (with inlined CSS) | first-load JS");
let worst = { route: "", js: 0 };
for (const route of routes) {
  const html = fs.readFileSync(path.join(PUBLIC, route === "/" ? "" : route, "index.html"), "utf8");
  const scripts = new Set([...groupJs("app"), ...groupJs(componentOf(route))]);
  const js = [...scripts].reduce((sum, name) => sum + assetSize(`/${name}`), 0);
  if (js > worst.js) worst = { route, js };
  console.log(`${route.padEnd(44)} ${kb(gz(Buffer.from(html)))} | ${kb(js)}`);
}
console.log(`largest first-load JS: ${worst.route} ${kb(worst.js).trim()} KB gzipped`);
