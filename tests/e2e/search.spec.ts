import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../../testkit/e2e";
import { productsData } from "../../testkit/site-data";

/** Types into the header search until suggestions show: text typed before the page has hydrated is not seen by React. */
async function typeUntilSuggested(box: Locator, listbox: Locator, text: string): Promise<void> {
  await expect(async () => {
    await box.fill("");
    await box.pressSequentially(text);
    await expect(listbox).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}

/** Types a query into the search page's own box and submits it, as a search in the browser. */
async function searchOnPage(page: Page, text: string): Promise<void> {
  const box = page.getByRole("main").getByRole("searchbox");
  // Before hydration a submit would be the browser's own, a new page load.
  await waitForHydration(box);
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`query=${text}$`));
}

test.describe("search page", () => {
  test("shows a grid of result cards for a query", async ({ page }) => {
    await page.goto("/search?query=torque");
    const results = page.getByTestId("search-results");
    await expect(results).toBeVisible();
    const names = await results.getByRole("heading", { level: 3 }).allTextContents();
    // Every product named with the word is among the results (data/products/), whatever else matches.
    const named = productsData()
      .map((p) => p.name)
      .filter((name) => /\btorque\b/i.test(name));
    expect(named.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(named));
    const first = results.getByRole("listitem").first();
    await expect(first.locator("img")).toHaveAttribute("src", /.+/);
    const link = first.getByRole("link");
    await expect(link).toHaveAttribute("href", /^\/[a-z-]+$/);
  });

  test("lays results out in 3 columns from medium screens up, 1 on a phone", async ({ browser }) => {
    for (const [width, columns] of [
      [1280, 3],
      [800, 3],
      [390, 1],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto("/search?query=bolt");
      const grid = page.getByTestId("search-results");
      await expect(grid).toBeVisible();
      const templateColumns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(templateColumns).toBe(columns);
      await context.close();
    }
  });

  test("finds a tool by a model number inside a named range", async ({ page }) => {
    await page.goto("/search?query=ASRT5");
    const results = page.getByTestId("search-results");
    await expect(results.getByRole("link").first()).toHaveAttribute("href", "/spring-return-bolt-tensioner");
  });

  test("shows a spinner while the index loads for a query typed on the page", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/static/*.index.txt", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/search");
    await searchOnPage(page, "pump");
    await expect(page.getByTestId("search-spinner")).toBeVisible();
    release();
    await expect(page.getByTestId("search-results")).toBeVisible();
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/search?query=xylophone");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await expect(page.getByText(`We couldn't find any products matching "xylophone".`)).toBeVisible();
  });

  test("shows the red error box when error=true", async ({ page }) => {
    await page.goto("/search?query=torque&error=true");
    const alert = page.getByRole("main").getByRole("alert");
    await expect(alert).toHaveText("Sorry, there was an error processing your search. Please try again later.");
    await expect(alert).toHaveCSS("color", "rgb(179, 38, 30)");
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
  });

  test("shows the error box and stops the spinner when the index cannot load", async ({ page }) => {
    await page.route("**/static/*.index.txt", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/search");
    await searchOnPage(page, "torque");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Sorry, there was an error processing your search. Please try again later.");
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
  });

  test("an empty query clears the results", async ({ page }) => {
    await page.goto("/search?query=pump");
    await expect(page.getByTestId("search-results")).toBeVisible();
    await page.goto("/search?query=");
    await expect(page.getByTestId("search-results")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("the index is fetched only on the search page, ready for the next query typed there", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (/\.index\.txt|\.store\.json/.test(r.url())) fetched.push(r.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(fetched).toEqual([]);
    await page.goto("/search?query=pump");
    await expect(page.getByTestId("search-results")).toBeVisible();
    // Ready for the next query typed on the page.
    await expect.poll(() => fetched.length).toBe(2);
  });

  test("a query in the address comes with its results in the HTML, which the page hydrates as they are", async ({ page, browser, hydrated }) => {
    // Without JavaScript: the results are in the page the server sent.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/search?query=torque");
    await expect(plain.getByRole("main").getByRole("searchbox")).toHaveValue("torque");
    await expect(plain.getByTestId("search-results").getByRole("link", { name: "Square Drive Torque Wrench" })).toHaveAttribute("href", "/square-drive-torque-wrench");
    await expect(plain.locator("#search-outcome img").first()).toHaveJSProperty("complete", true);
    // So a search from the header works without JavaScript too.
    await plain.goto("/");
    const box = plain.getByRole("combobox", { name: "Search products" });
    await box.hover();
    await box.fill("pump");
    await box.press("Enter");
    await expect(plain).toHaveURL(/\/search\?query=pump$/);
    await expect(plain.getByTestId("search-results").getByRole("link", { name: "Torque Pump" })).toBeVisible();
    await noScript.close();

    // With JavaScript: React adopts those elements (none replaced, no hydration error) and searches no more.
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const box = document.getElementById("search-outcome")!;
        const w = window as unknown as { served: { image: Element | null; removed: number } };
        w.served = { image: box.querySelector("img"), removed: 0 };
        new MutationObserver((records) => records.forEach((r) => (w.served.removed += r.removedNodes.length))).observe(box, { childList: true, subtree: true });
      });
    });
    await page.goto("/search?query=torque");
    const link = page.getByTestId("search-results").getByRole("link", { name: "Square Drive Torque Wrench" });
    await hydrated(link);
    const state = await page.evaluate(() => {
      const { served } = window as unknown as { served: { image: Element | null; removed: number } };
      return { removed: served.removed, sameImage: served.image !== null && served.image === document.querySelector("#search-outcome img") };
    });
    expect(state).toEqual({ removed: 0, sameImage: true });
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
    expect(problems).toEqual([]);

    // The next query is searched in the browser, and the links are the site's own (no page load).
    await searchOnPage(page, "tensioner");
    await expect(page.getByTestId("search-results").getByRole("link", { name: "Subsea Bolt Tensioner" })).toBeVisible();
    // Back to the served query: its results again, not the ones on screen.
    await page.goBack();
    await expect(page).toHaveURL(/query=torque$/);
    await expect(page.getByTestId("search-results").getByRole("link", { name: "Square Drive Torque Wrench" })).toBeVisible();
    await expect(page.getByTestId("search-results").getByRole("link", { name: "Subsea Bolt Tensioner" })).toHaveCount(0);
    await page.goForward();
    await expect(page.getByTestId("search-results").getByRole("link", { name: "Subsea Bolt Tensioner" })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId("search-results").getByRole("link", { name: "Subsea Bolt Tensioner" }).click();
    await expect(page).toHaveURL(/\/subsea-bolt-tensioner$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test.describe("header suggestions", () => {
  test("suggest products as the visitor types; arrows and Enter open one", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    const listbox = page.getByRole("listbox", { name: "Suggested products" });
    await typeUntilSuggested(box, listbox, "tensi");
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await box.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    const name = (await first.locator("span").first().textContent())!;
    await box.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("Escape closes the suggestions and Enter on the text still searches", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    const listbox = page.getByRole("listbox", { name: "Suggested products" });
    await typeUntilSuggested(box, listbox, "pump");
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?query=pump$/);
  });
});
