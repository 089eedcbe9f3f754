/**
 * Main-thread work of a page's load in Chromium, English beside Arabic:
 * layout, style, script and all tasks (Chromium's Performance metrics), at
 * Lighthouse's mobile CPU slowdown (4x) on a phone-sized screen, the median
 * of several loads of each page.
 *
 *   npm run build && node scripts/bench/layout.mjs [--runs 5] [--page /x ...] [--arabic-fonts '<font-family list>']
 *
 * Each page is measured with its Arabic twin. Arabic text costs more to lay
 * out (its letters are shaped, its runs ordered both ways) and its fonts are
 * the system's: this is where a font stack the system cannot find shows
 * (docs/languages.md, Right to left). --arabic-fonts serves the pages with
 * another Arabic font stack in place of the build's (the `--font-sans` of
 * `:root:lang(ar)` in the inlined stylesheet), to compare stacks on one build.
 */
import { chromium } from "@playwright/test";
import { parseArgs } from "util";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBuiltServer } from "./serve-build.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    page: { type: "string", multiple: true },
    "arabic-fonts": { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("node scripts/bench/layout.mjs [--runs 5] [--page /x ...] [--arabic-fonts '<font-family list>']");
  process.exit(0);
}
const runs = Number(values.runs);
const pages = values.page?.length ? values.page : ["/", "/controlled-bolting-hydraulic-equipments", "/square-drive-torque-wrench", "/downloads", "/trainings"];
const twin = (route) => (route === "/" ? "/ar" : `/ar${route}`);

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

/** Median milliseconds of layout, style, script and tasks over the loads of one page. */
async function measure(route) {
  const loads = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const fonts = values["arabic-fonts"];
    if (fonts) {
      await page.route(`${server.base}${route}`, async (request) => {
        const response = await request.fetch();
        const html = (await response.text()).replace(/(:root:lang\(ar\)\{--font-sans:)[^;}]*/, `$1${fonts}`);
        await request.fulfill({ response, body: html });
      });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Performance.enable");
    await page.goto(`${server.base}${route}`, { waitUntil: "load" });
    await page.locator('#___gatsby[data-hydrated="true"]').waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const metric = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value * 1000]));
    loads.push([metric.LayoutDuration, metric.RecalcStyleDuration, metric.ScriptDuration, metric.TaskDuration]);
    await context.close();
  }
  return [0, 1, 2, 3].map((k) => Math.round(loads.map((l) => l[k]).sort((a, b) => a - b)[Math.floor((runs - 1) / 2)]));
}

try {
  console.log(`main-thread work of a load, ms at 4x CPU slowdown, median of ${runs} (412 x 823 px)${values["arabic-fonts"] ? `, Arabic fonts: ${values["arabic-fonts"]}` : ""}`);
  console.log(`${"page".padEnd(48)} layout  style  script  tasks | Arabic layout / English`);
  for (const route of pages) {
    const en = await measure(route);
    const ar = await measure(twin(route));
    const row = (r, m) => `${r.padEnd(48)} ${String(m[0]).padStart(6)} ${String(m[1]).padStart(6)} ${String(m[2]).padStart(7)} ${String(m[3]).padStart(6)}`;
    console.log(row(route, en));
    console.log(`${row(twin(route), ar)} | ${(ar[0] / en[0]).toFixed(2)}`);
  }
} finally {
  await browser.close();
  server.stop();
}
