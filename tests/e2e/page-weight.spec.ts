import type { Page } from "@playwright/test";
import fs from "fs";
import path from "path";
import { JS_BUDGET_BYTES, sitemapRoutes, watchPageProblems, weighRoute } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";
import { MAIN_IMAGE_WAIT_CAP_MS } from "../../src/build/site-files/after-paint";
import ORDER_UPLOAD_RULES from "../../src/contract/form-rules/uploadProductOrder.json";

// The site's service worker runs here, as for visitors (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * The first-load budget over every page of the build: at most 90 KB of
 * gzipped JavaScript before any interaction, no request to another host, no
 * failed request, nothing blocked by the page's Content-Security-Policy, the
 * code of search only on the search page, and the code of the product order
 * upload on no page until its tab is opened.
 */

const ROUTES = [...sitemapRoutes(), "/search?query=torque"];

/** What only the order upload's code holds: its call's path, from the contract's rules for the operation. */
const ORDER_UPLOAD_CODE = ORDER_UPLOAD_RULES.path;

/** Pages whose product has an Order Form tab, from data/products/. */
const PRODUCTS_DIR = path.resolve(__dirname, "../../data/products");
const ORDER_FORM_PAGES = new Set(
  fs
    .readdirSync(PRODUCTS_DIR)
    .map((file) => JSON.parse(fs.readFileSync(path.join(PRODUCTS_DIR, file), "utf8")) as { slug: string; tabs: { kind: string }[] })
    .filter((product) => product.tabs.some((tab) => tab.kind === "order-form"))
    .map((product) => `/${product.slug}`),
);

test("some product pages have an order form, not all", () => {
  expect(ORDER_FORM_PAGES.size).toBeGreaterThan(0);
  expect(ORDER_FORM_PAGES.size).toBeLessThan(24);
});

for (const route of ROUTES) {
  test(`${route}: first-load JavaScript within budget, all requests to this site and answered, nothing blocked`, async ({ page, baseURL }) => {
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on("requestfailed", (request) => {
      // A video the page stops loading (pause, navigation) is not a failure of the site.
      if (request.resourceType() !== "media") failed.push(`${request.failure()?.errorText} ${request.url()}`);
    });
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const result = await weighRoute(page, baseURL as string, route);

    expect(result.js, `${route}: ${result.scripts.map((s) => `${s.path} ${s.bytes}`).join(", ")}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(result.requests.filter((url) => !url.startsWith(baseURL as string) && !url.startsWith("data:"))).toEqual([]);
    expect(failed).toEqual([]);
    // The page's Content-Security-Policy (server/site/csp.ts) lets everything it needs run.
    expect(blocked).toEqual([]);

    const requested = result.requests.join("\n");
    // The search index: only on the search page, which preloads it (elsewhere only once the visitor types in the header box).
    expect(/\.index\.txt|\.store\.json/.test(requested)).toBe(route.startsWith("/search"));
    // The order upload's code, found by its call's path (the shared form values name every mail type, the path is its own): never on first load.
    const sources = await Promise.all(result.scripts.map(async (s) => (await page.request.get(s.path)).text()));
    expect(sources.some((source) => source.includes(ORDER_UPLOAD_CODE))).toBe(false);
  });
}

/** Collects the text of every script the page loads from now on. */
function scriptsLoaded(page: Page): Promise<string>[] {
  const texts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") texts.push(response.text().catch(() => ""));
  });
  return texts;
}

const hasOrderUploadCode = async (texts: Promise<string>[]) => (await Promise.all(texts)).some((text) => text.includes(ORDER_UPLOAD_CODE));

test.describe("the order upload's code", () => {
  const route = [...ORDER_FORM_PAGES].sort()[0];

  test("loads when the Order Form tab is first opened, and the form from the static HTML hydrates without an error", async ({ page, hydrated }) => {
    const { errors, failed } = watchPageProblems(page);
    const texts = scriptsLoaded(page);
    await page.goto(route);
    await hydrated();
    const form = page.locator('[role="tabpanel"] form[data-form-slot="product-order"]');
    // In the static HTML, in its closed tab, not hydrated, its code not fetched.
    await expect(form).toHaveCount(1);
    await expect(form).toBeHidden();
    await expect(form).not.toHaveAttribute("data-hydrated", "true");
    expect(await hasOrderUploadCode(texts)).toBe(false);

    await page.getByRole("tab", { name: "Order Form", exact: true }).click();
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(form.getByRole("button", { name: "Submit" })).toBeVisible();
    expect(await hasOrderUploadCode(texts)).toBe(true);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
  });

  test("loads at once when the address names the Order Form tab", async ({ page }) => {
    const { errors } = watchPageProblems(page);
    await page.goto(`${route}#tab-order-form`);
    const form = page.getByRole("tabpanel", { name: "Order Form", exact: true }).locator('form[data-form-slot="product-order"]');
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(form).toBeVisible();
    expect(errors).toEqual([]);
  });
});

// Pages whose largest content is a marked main image (src/shared/utils/main-image.ts): a poster, a product photo, the first result.
const MAIN_IMAGE_ROUTES = ["/", "/trainings", "/controlled-bolting-hydraulic-equipments", "/square-drive-torque-wrench", "/about-us", "/search?query=torque"];

for (const route of MAIN_IMAGE_ROUTES) {
  test(`${route}: the page's scripts are fetched once its main image is on screen`, async ({ page, hydrated }) => {
    await page.goto(route);
    await hydrated();
    const timing = await page.evaluate(
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
    expect(timing.shown, "the main image is reported on screen").not.toBeNull();
    expect(timing.firstScript).not.toBeNull();
    // Not before the image is on screen, unless the browser is that slow to show it (the loader's cap).
    expect(timing.firstScript!, JSON.stringify(timing)).toBeGreaterThanOrEqual(Math.min(timing.shown!, timing.load + MAIN_IMAGE_WAIT_CAP_MS));
  });
}
