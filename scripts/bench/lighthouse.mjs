/**
 * Lighthouse (mobile defaults: simulated slow 4G and 4x CPU slowdown) on the
 * production build, served by the real server exactly as `npm start` serves
 * it: the four category scores and LCP, TBT and CLS per page.
 *
 *   npm run build && node scripts/bench/lighthouse.mjs [--runs 3] [--json out.json] [--url http://host:port]
 *
 * With --runs N each page is measured N times and the median run (by score,
 * then LCP) is printed with the range of the runs (Lighthouse's simulated
 * throttling varies from run to run; its authors recommend several runs).
 * Without --url the compiled server (dist/server/index.js) is started on a
 * free port with a throw-away DATA_DIR. Chromium is CHROME_PATH, by default
 * Debian's /usr/bin/chromium; Lighthouse 12 (13 needs Node 22).
 */
import fs from "fs";
import { createRequire } from "module";
import { parseArgs } from "util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from "./serve-build.mjs";

const require = createRequire(import.meta.url);

/** The pages the performance goals name (README, Performance). */
const PAGES = [
  "/",
  "/controlled-bolting-hydraulic-equipments",
  "/square-drive-torque-wrench",
  "/top-loading-arms",
  "/contact",
  "/trainings",
  "/search?query=torque",
  "/api-reference",
  "/downloads",
  "/enquiry",
];

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    json: { type: "string" },
    url: { type: "string" },
    page: { type: "string", multiple: true },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("node scripts/bench/lighthouse.mjs [--runs 1] [--json file] [--url http://127.0.0.1:8080] [--page /path ...]");
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs must be a whole number of at least 1");
  process.exit(2);
}
const pages = values.page?.length ? values.page : PAGES;

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failed = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${category.id}:${ref.id}`),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? "",
    notFull: failed,
  };
}

const own = values.url ? null : await startBuiltServer();
const base = (values.url ?? own.base).replace(/\/$/, "");
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});

const results = [];
try {
  console.log(`Lighthouse ${require("lighthouse/package.json").version}, mobile defaults, ${runs} run(s) per page, median performance run shown`);
  console.log("page".padEnd(44), "perf  a11y  bp  seo |  LCP ms  TBT ms   CLS");
  for (const page of pages) {
    const measured = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      measured.push(summary(result.lhr));
    }
    // The median run: by score, then by LCP (a tie of 100s would otherwise pick any run's LCP).
    measured.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
    const median = measured[Math.floor((measured.length - 1) / 2)];
    const lcps = measured.map((m) => m.lcpMs).sort((a, b) => a - b);
    results.push({ page, ...median, runs: measured.map((m) => m.performance), lcpRuns: lcps });
    const s = median;
    console.log(
      page.padEnd(44),
      `${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s.bestPractices).padStart(3)}  ${String(s.seo).padStart(3)} |`,
      `${String(s.lcpMs).padStart(7)} ${String(s.tbtMs).padStart(7)} ${s.cls.toFixed(3).padStart(6)}`,
    );
    if (runs > 1) console.log(`${"".padEnd(46)}scores ${measured.map((m) => m.performance).join("/")}, LCP ${lcps[0]}–${lcps[lcps.length - 1]} ms`);
    if (s.notFull.length > 0) console.log(`${"".padEnd(46)}below 100: ${s.notFull.join(", ")}`);
  }
} finally {
  await chrome.kill();
  own?.stop();
}
if (values.json) fs.writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
