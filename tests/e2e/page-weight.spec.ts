import type { Page } from "@playwright/test";
import fs from "fs";
import path from "path";
import { ORDER_UPLOAD_CODE, watchPageProblems } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";

// The site's service worker runs here, as for visitors (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * What the first load leaves out comes when it is asked for: the product
 * order upload's code, on no page's first load, loads when the Order Form tab
 * opens. (The first-load budget of every page, its requests, and its scripts
 * fetched after its main image: routes.spec.ts, on the load it shares with
 * the page's other checks.)
 */

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
  expect(ORDER_FORM_PAGES.size).toBeLessThan(fs.readdirSync(PRODUCTS_DIR).filter((file) => file.endsWith(".json")).length);
});

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
    const form = page.locator('[role="tabpanel"] form[data-form="product_order_form"]');
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
    const form = page.getByRole("tabpanel", { name: "Order Form", exact: true }).locator('form[data-form="product_order_form"]');
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(form).toBeVisible();
    expect(errors).toEqual([]);
  });
});
