import type { Page } from "@playwright/test";
import { MAIN_IMAGE_WAIT_CAP_MS } from "../../src/build/site-files/after-paint";
import { axeViolations } from "../../testkit/axe";
import { basePath } from "../../src/shared/i18n/lang";
import { DIALOG_OPENERS, dialogOpenersBuilt, JS_BUDGET_BYTES, ORDER_UPLOAD_CODE, sitemapRoutes, watchPageProblems, weighRoute } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";
import { categoriesData, productsData } from "../../testkit/site-data";
import { HEIGHT, measureFit, misfits, WIDTHS } from "../../testkit/fit";

// Pages as a first visit gets them: a fresh context per test (Playwright's), the site's service worker allowed
// (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * Every page of the build, and a few addresses the server answers with a
 * query or not at all, each loaded once and checked for all that reading it
 * tells, on that one load:
 *
 * - first load: at most 90 KB of gzipped JavaScript before any interaction,
 *   no request to another host, none failing, no console error, nothing
 *   blocked by the page's Content-Security-Policy, the code of search only on the search page, the
 *   product order upload's code on no page (page-weight.spec.ts: it loads when
 *   its tab opens), and on the pages with a marked main image, the scripts
 *   fetched only once that image is on screen;
 * - axe-core, every rule, over the whole document at the desktop width, as it
 *   loads (each dialog open: a11y.spec.ts, which takes the pages that have
 *   dialogs from the build; this load checks that it finds them all);
 * - from 360 to 1920 px wide (the same page resized), no sideways scroll and
 *   every visible header control inside the viewport (the header's menus
 *   open: layout.spec.ts).
 *
 * Each check reports through a soft assertion, so a page failing one still
 * gets the others.
 */

const SITEMAP = sitemapRoutes();
const NOT_FOUND = "/no-such-page";
const ROUTES = [...SITEMAP, "/search?query=torque", "/search?query=zzqx", "/downloads?type=data-sheet&product=torque-pump", "/downloads?q=zzqx", NOT_FOUND];

// Pages whose largest content is a marked main image (src/shared/utils/main-image.ts): a poster, a product photo, the first result.
const MAIN_IMAGE_ROUTES = ["/", "/trainings", "/controlled-bolting-hydraulic-equipments", "/square-drive-torque-wrench", "/about-us", "/search?query=torque"];

test("the list of pages comes from the build and holds every product and category page of the data", () => {
  expect(ROUTES).toContain("/");
  for (const { slug } of [...categoriesData(), ...productsData()]) expect(ROUTES).toContain(`/${slug}`);
  expect(ROUTES).toContain("/enquiry");
  for (const route of MAIN_IMAGE_ROUTES) expect(ROUTES).toContain(route);
});

/** When the main image reached the screen, when the first script was fetched and when the load event came, in the page's time. */
function mainImageTiming(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ shown: number | null; firstScript: number | null; load: number }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const shown = list.getEntries().find((e) => (e as PerformanceEntry & { identifier: string }).identifier === "main-image") as
            | (PerformanceEntry & { renderTime: number })
            | undefined;
          const scripts = performance.getEntriesByType("resource").filter((e) => (e as PerformanceResourceTiming).initiatorType === "script");
          const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
          resolve({ shown: shown?.renderTime ?? null, firstScript: scripts.length ? Math.min(...scripts.map((s) => s.startTime)) : null, load });
        }).observe({ type: "element", buffered: true });
      }),
  );
}

for (const route of ROUTES) {
  test(`${route}: first-load JavaScript within budget, requests, axe, ${WIDTHS[0]} to ${WIDTHS[WIDTHS.length - 1]} px wide`, async ({ page, baseURL }) => {
    // The page's dialogs are counted below and opened in a11y.spec.ts; axe over the longest page takes up to 30 s on a busy machine.
    test.setTimeout(120_000);
    const { errors, failed } = watchPageProblems(page);
    page.on("requestfailed", (request) => {
      // A video the page stops loading (pause, navigation) is not a failure of the site.
      if (request.resourceType() !== "media") failed.push(`${request.failure()?.errorText} ${request.url()}`);
    });

    await test.step("first load", async () => {
      const result = await weighRoute(page, baseURL as string, route);
      expect.soft(result.js, `${route}: ${result.scripts.map((s) => `${s.path} ${s.bytes}`).join(", ")}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect.soft(result.requests.filter((url) => !url.startsWith(baseURL as string) && !url.startsWith("data:"))).toEqual([]);
      // Every request answered; on the address the server does not know, only the address itself answers 404, and so do
      // Gatsby's look-ups of it from the 404 page (its page data, then the address again), which the console reports.
      const notFound = (line: string) => route === NOT_FOUND && (line.startsWith("404 ") ? line.includes(NOT_FOUND) : line.includes("status of 404"));
      expect.soft(failed.filter((line) => !notFound(line))).toEqual([]);
      if (route === NOT_FOUND) expect.soft(failed).toContain(`404 ${new URL(route, baseURL).href}`);
      // No console error nor uncaught exception; nothing blocked by the page's Content-Security-Policy (server/site/csp.ts).
      expect.soft(errors.filter((line) => !notFound(line))).toEqual([]);

      const requested = result.requests.join("\n");
      // The search index: only on the search page, which preloads it (elsewhere only once the visitor types in the header box).
      expect.soft(/\.index\.txt|\.store\.json/.test(requested)).toBe(basePath(route).startsWith("/search"));
      // The order upload's code, found by its call's path (the shared form values name every mail type, the path is its own): never on first load.
      const sources = await Promise.all(result.scripts.map(async (s) => (await page.request.get(s.path)).text()));
      expect.soft(sources.some((source) => source.includes(ORDER_UPLOAD_CODE))).toBe(false);
    });

    if (MAIN_IMAGE_ROUTES.includes(route)) {
      await test.step("scripts fetched once the main image is on screen", async () => {
        const timing = await mainImageTiming(page);
        expect.soft(timing.shown, "the main image is reported on screen").not.toBeNull();
        expect.soft(timing.firstScript).not.toBeNull();
        // Not before the image is on screen, unless the browser is that slow to show it (the loader's cap).
        expect.soft(timing.firstScript!, JSON.stringify(timing)).toBeGreaterThanOrEqual(Math.min(timing.shown!, timing.load + MAIN_IMAGE_WAIT_CAP_MS));
      });
    }

    await test.step("axe, and the dialogs a11y.spec.ts opens", async () => {
      expect.soft(await page.locator(DIALOG_OPENERS).count(), "dialog openers, as the build wrote them").toBe(SITEMAP.includes(route) ? dialogOpenersBuilt(route) : 0);
      if (route.startsWith("/search")) await expect(page.getByTestId("search-spinner")).toHaveCount(0, { timeout: 15_000 });
      expect.soft(await axeViolations(page), `${route}: axe violations`).toEqual([]);
    });

    // The page loaded at the desktop width, as weighed and checked above; each width is reached by resizing it.
    await test.step("every width", async () => {
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        found.push(...misfits(await page.evaluate(measureFit, false), route));
      }
      expect.soft(found).toEqual([]);
    });
  });
}
