import { expect, test } from "../../testkit/e2e";

/**
 * A product page printed is a data sheet: the company line, the product's
 * name, description and main image, then every information tab one after the
 * other under its name; no header, footer, menus, videos, tab list, document
 * links or order form.
 */
test.describe("product page on paper", () => {
  test.beforeEach(async ({ page, hydrated }) => {
    await page.goto("/top-loading-arms");
    await hydrated(page.getByTestId("product-tabs"));
    await page.emulateMedia({ media: "print" });
  });

  test("leaves out the site's chrome and the on-screen controls", async ({ page }) => {
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("tablist")).toBeHidden();
    await expect(page.getByTestId("gallery").locator("ul")).toBeHidden();
    await expect(page.getByTestId("units-toggle")).toBeHidden();
    await expect(page.getByText("Skip to content")).toBeHidden();
  });

  for (const [tab, kind] of [
    ["Catalog", "documents"],
    ["Order Form", "order-form"],
  ]) {
    test(`leaves out the ${tab} tab even when it is the open one`, async ({ page }) => {
      await page.emulateMedia({ media: "screen" });
      await page.getByRole("tab", { name: tab, exact: true }).click();
      const panel = page.locator(`[role="tabpanel"][data-kind="${kind}"]`);
      await expect(panel).toBeVisible();
      await page.emulateMedia({ media: "print" });
      await expect(panel).toBeHidden();
    });
  }

  test("prints every information tab under its name, with the company line on top", async ({ page }) => {
    const company = page.getByTestId("print-brand");
    await expect(company).toBeVisible();
    await expect(company).toContainText("example.com");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("gallery-main")).toBeVisible();

    const panels = page.locator('[role="tabpanel"]:not([data-kind="documents"]):not([data-kind="order-form"])');
    const count = await panels.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const panel = panels.nth(i);
      await expect(panel).toBeVisible();
      const title = await panel.getAttribute("data-print-title");
      expect(title).toBeTruthy();
      expect(await panel.evaluate((el) => getComputedStyle(el, "::before").content)).toBe(`"${title}"`);
    }
    await expect(page.locator("table").first()).toBeVisible();
  });

  test("the screen view is unchanged: one panel at a time, chrome shown", async ({ page }) => {
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("tablist")).toBeVisible();
    await expect(page.locator('[role="tabpanel"]:visible')).toHaveCount(1);
  });
});
