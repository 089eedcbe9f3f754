import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../../testkit/e2e";
import productUi from "../../data/product-ui.json";
import { formatCell, type Cell } from "../../src/utils/units";
import { categoriesData, productsData, type ProductData } from "../../testkit/site-data";

/*
 * The category and product pages: the products each category links to, each
 * product page's tabs and their behaviour, the gallery. What the pages list
 * (categories, products, tabs, documents) is read from data/, so an editor's
 * change to the catalogue keeps this green; a page that shows less or in
 * another order than its data file fails.
 */

/** Category pages and the product links they show, in order. */
const CATEGORIES: Record<string, string[]> = Object.fromEntries(categoriesData().map((c) => [c.slug, c.products]));

/** The tabs of each product page, in order, and the documents of its document tabs. */
const PRODUCTS = productsData();
const TABS: Record<string, string[]> = Object.fromEntries(PRODUCTS.map((p) => [p.slug, p.tabs.map((tab) => tab.label)]));
const DOCUMENT_TABS = (slug: string) => PRODUCTS.find((p) => p.slug === slug)!.tabs.filter((tab) => tab.kind === "documents");
const tabOfKind = (slug: string, kind: string) => PRODUCTS.find((p) => p.slug === slug)!.tabs.find((tab) => tab.kind === kind);

const AMBER = "rgb(242, 169, 0)";

const categoryOf = (slug: string): string => Object.keys(CATEGORIES).find((c) => CATEGORIES[c].includes(slug))!;

function tabsOf(page: Page): Locator {
  return page.getByRole("tablist", { name: "Product information" }).getByRole("tab");
}

function panelOf(page: Page, label: string): Locator {
  return page.getByRole("tabpanel", { name: label, exact: true });
}

/** The product tabs: once hydrated (their data-hydrated flag), clicks and keys are handled. */
const productTabs = (page: Page): Locator => page.getByTestId("product-tabs");

async function openTab(page: Page, label: string): Promise<Locator> {
  await page.getByRole("tab", { name: label, exact: true }).click();
  const panel = panelOf(page, label);
  await expect(panel).toBeVisible();
  return panel;
}

test.describe("category pages", () => {
  for (const [category, products] of Object.entries(CATEGORIES)) {
    test(`/${category} links its ${products.length} products in order`, async ({ page }) => {
      await page.goto(`/${category}`);
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.locator("ol > li")).toHaveCount(2);
      await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumbs.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

      const grid = page.getByTestId("category-products");
      const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(products.map((p) => `/${p}`));

      // One link per card (no nested links), and an image in every card.
      const cards = grid.getByTestId("product-card");
      await expect(cards).toHaveCount(products.length);
      for (const card of await cards.all()) {
        await expect(card.locator("a")).toHaveCount(1);
        await expect(card.locator("img[data-main-image]")).toHaveCount(1);
      }

      // The video banner's poster is in the static HTML.
      await expect(page.locator(`img[src^="/videos/category-"][src$="-poster.jpg"]`)).toHaveCount(1);
    });
  }

  test("a click anywhere on a card opens the product", async ({ page }) => {
    const [category, products] = Object.entries(CATEGORIES).find(([, list]) => list.length > 0)!;
    await page.goto(`/${category}`);
    // A click on the card's image, away from the product name.
    await page.getByTestId("product-card").first().click({ position: { x: 60, y: 60 } });
    await expect(page).toHaveURL(new RegExp(`/${products[0]}$`));
  });
});

test.describe("product pages", () => {
  for (const [slug, labels] of Object.entries(TABS)) {
    test(`/${slug}: tabs ${labels.join(", ")}`, async ({ page, request, hydrated }) => {
      // Every panel is in the static HTML; all but the first are hidden.
      const html = await (await request.get(`/${slug}`)).text();
      expect(html.match(/role="tabpanel"/g)?.length).toBe(labels.length);
      expect(html.match(/role="tabpanel"[^>]*\shidden=""/g)?.length ?? 0).toBe(labels.length - 1);

      await page.goto(`/${slug}`);
      await hydrated(productTabs(page));

      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.locator("ol > li")).toHaveCount(3);
      await expect(crumbs.getByRole("link")).toHaveCount(2);
      await expect(crumbs.getByRole("link").nth(1)).toHaveAttribute("href", `/${categoryOf(slug)}`);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(await page.getByRole("heading", { level: 1 }).innerText());

      const tabs = tabsOf(page);
      await expect(tabs).toHaveText(labels);

      // The first tab is open on load, highlighted with a side bar; exactly one panel is visible.
      const first = tabs.first();
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      await expect(panelOf(page, labels[0])).toBeVisible();
      const bar = await first.evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.borderLeftColor, width: s.borderLeftWidth, style: s.borderLeftStyle };
      });
      expect(bar).toEqual({ color: AMBER, width: "4px", style: "solid" });
      const otherBar = await tabs.nth(1).evaluate((el) => getComputedStyle(el).borderLeftColor);
      expect(otherBar).not.toBe(AMBER);

      // Clicking a tab shows its panel and hides the others.
      for (const label of [...labels.slice(1), labels[0]]) {
        await page.getByRole("tab", { name: label, exact: true }).click();
        await expect(page.getByRole("tab", { name: label, exact: true })).toHaveAttribute("aria-selected", "true");
        await expect(page.getByRole("tab", { selected: true })).toHaveCount(1);
        await expect(page.getByRole("tabpanel")).toHaveCount(1);
        await expect(panelOf(page, label)).toBeVisible();
      }

      // PDF links open in a new tab.
      for (const link of await page.locator('a[href^="/assets/catalog/"]').all()) {
        await expect(link).toHaveAttribute("href", /\.pdf$/);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }

      // The Warning tab shows the SAFETY NOTICE with the danger icon.
      const warning = tabOfKind(slug, "warning");
      if (warning) {
        const panel = await openTab(page, warning.label);
        const notice = panel.getByRole("note");
        await expect(notice.getByRole("heading", { name: productUi.safetyNoticeTitle })).toBeVisible();
        await expect(notice.locator("svg")).toHaveCount(1);
        for (const line of productUi.warningText) await expect(notice).toContainText(line);
      }

      // Order Form: the questionnaire download, then the upload form's place.
      const orderForm = tabOfKind(slug, "order-form");
      if (orderForm) {
        const panel = await openTab(page, orderForm.label);
        await expect(panel.locator(`a[href="/assets/catalog/${slug}-questionnaire.pdf"]`)).toHaveCount(1);
        await expect(panel.locator(`[data-form="product_order_form"][data-product-name="${slug}"]`)).toBeVisible();
      }

      // Document tabs (Manuals): every document of the data, a PDF link for each available one.
      for (const tab of DOCUMENT_TABS(slug)) {
        const panel = await openTab(page, tab.label);
        const documents = tab.documents ?? [];
        await expect(panel.locator("[data-document-id]")).toHaveCount(documents.length);
        for (const document of documents) {
          const item = panel.locator(`[data-document-id="${document.id}"]`);
          await expect(item.locator('a[href$=".pdf"]')).toHaveCount(document.available ? 1 : 0);
        }
      }
    });
  }

  // The keys are the same component on every product page: checked on the longest and the shortest tab list (of three or more).
  const byTabs = Object.keys(TABS)
    .filter((slug) => TABS[slug].length >= 3)
    .sort((a, b) => TABS[b].length - TABS[a].length);
  for (const slug of [...new Set([byTabs[0], byTabs[byTabs.length - 1]])]) {
    const labels = TABS[slug];
    test(`/${slug}: arrow keys, Home and End move between the ${labels.length} tabs and open them`, async ({ page, hydrated }) => {
      await page.goto(`/${slug}`);
      await hydrated(productTabs(page));
      const tabs = tabsOf(page);
      const first = tabs.first();
      // Arrow keys, Home and End move between the tabs and open them; the focus follows.
      await first.focus();
      await page.keyboard.press("ArrowDown");
      await expect(tabs.nth(1)).toBeFocused();
      await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(panelOf(page, labels[1])).toBeVisible();
      await page.keyboard.press("ArrowRight");
      await expect(tabs.nth(2)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowLeft");
      await expect(first).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(tabs.last()).toBeFocused();
      await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Home");
      await expect(first).toBeFocused();
      await page.keyboard.press("End");
      await expect(tabs.last()).toBeFocused();
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      await expect(panelOf(page, labels[labels.length - 1])).toBeVisible();
      // Roving tabindex: only the selected tab is in the tab order.
      expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute("tabindex")))).toEqual(
        labels.map((_, i) => (i === labels.length - 1 ? "0" : "-1")),
      );
    });
  }

  // A document the company has not supplied yet (`available: false` in the data) is listed, but not as a link.
  const placeholder = PRODUCTS.flatMap((p) => DOCUMENT_TABS(p.slug).flatMap((tab) => (tab.documents ?? []).filter((d) => !d.available).map((d) => ({ p, tab, d }))))[0];
  test("a document not supplied yet is a placeholder, not a link", async ({ page, hydrated }) => {
    test.skip(!placeholder, "every document of the data is supplied");
    const { p, tab, d } = placeholder!;
    await page.goto(`/${p.slug}`);
    await hydrated(productTabs(page));
    const panel = await openTab(page, tab.label);
    const item = panel.locator(`[data-document-id="${d.id}"]`);
    await expect(item.locator("a")).toHaveCount(0);
    await expect(item).toContainText(productUi.documentUnavailable);
    for (const other of (tab.documents ?? []).filter((o) => o.available)) await expect(panel.locator(`[data-document-id="${other.id}"] a[href$=".pdf"]`)).toHaveCount(1);
  });

  // A product whose open specifications tab's first table has a titled table and a figure not given (null in the data).
  const unpublished = PRODUCTS.find((p) => {
    const table = p.tabs[0]?.kind === "specifications" ? p.tabs[0].tables?.[0] : undefined;
    return table && (table as { title?: string }).title && table.rows.some((row) => Array.isArray(row) && row.includes(null));
  });
  test("a specification table is a real table; figures not given read as not published", async ({ page }) => {
    test.skip(!unpublished, "every figure of the first tables is published");
    await page.goto(`/${unpublished!.slug}`);
    const specifications = unpublished!.tabs[0].label;
    const table = panelOf(page, specifications).locator("table").first();
    await expect(table.locator("caption")).toHaveCount(1);
    await expect(table.locator('thead th[scope="col"]').first()).toBeVisible();
    await expect(table.locator('tbody th[scope="row"]').first()).toBeVisible();
    const empty = table.locator('td[title="Not published yet"]').first();
    await expect(empty).toHaveText("—Not published yet");
    await expect(empty.locator(".visually-hidden")).toHaveText("Not published yet");
    // The table's frame scrolls sideways and can take the focus.
    await expect(panelOf(page, specifications).getByRole("region").first()).toHaveAttribute("tabindex", "0");
  });

  test("the address opens a tab (#tab-<id>) and follows the open tab", async ({ page, hydrated }) => {
    const product = PRODUCTS.find((p) => p.tabs.length >= 2)!;
    const [first, last] = [product.tabs[0], product.tabs[product.tabs.length - 1]];
    await page.goto(`/${product.slug}#tab-${last.id}`);
    await hydrated(productTabs(page));
    await expect(page.getByRole("tab", { name: last.label, exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await page.getByRole("tab", { name: first.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${product.slug}#tab-${first.id}$`));
  });
});

/** The fade before a chosen gallery image shows: 200 ms. */
const FADE_MS = 200;

test.describe("gallery", () => {
  // A product shown with drawn pictures (no photos of its own), two or more: the first and the second are clicked.
  const product = PRODUCTS.find((p) => !(p.photos ?? []).length && p.imageIds.length >= 2);
  test.skip(!product, "every product with several pictures has the company's photos: the drawn gallery has no page to test");
  const [FIRST, SECOND] = (product?.imageIds ?? []).map(String);
  const COUNT = product?.imageIds.length ?? 0;

  test("a thumbnail click fades to its image after 200 ms", async ({ page, hydrated }) => {
    await page.clock.install();
    await page.goto(`/${product!.slug}`);
    const gallery = page.getByTestId("gallery");
    await hydrated(gallery);
    const main = page.getByTestId("gallery-main");
    const mainImage = main.locator("img[data-main-image]");
    await expect(main).toHaveAttribute("data-image-id", FIRST);
    await expect(mainImage).toHaveAttribute("src", new RegExp(`/${FIRST}\\.png$`));
    const first = gallery.getByRole("button", { name: `Show image 1 of ${COUNT}` });
    const second = gallery.getByRole("button", { name: `Show image 2 of ${COUNT}` });
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(second).toHaveAttribute("aria-pressed", "false");

    // The page's time stands still from here: it moves only by runFor.
    await page.clock.pauseAt(Date.now() + 1_000);
    await second.click();
    // At once the thumbnail is pressed and the main image is fading out, still the first one.
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(main).toHaveAttribute("data-fading", "true");
    await expect(main).toHaveAttribute("data-image-id", FIRST);
    // Still so 1 ms before the fade's end...
    await page.clock.runFor(FADE_MS - 1);
    await expect(main).toHaveAttribute("data-image-id", FIRST);
    await expect(main).toHaveAttribute("data-fading", "true");
    // ...and the chosen image shows at 200 ms.
    await page.clock.runFor(1);
    await expect(main).toHaveAttribute("data-image-id", SECOND);
    await expect(first).toHaveAttribute("aria-pressed", "false");
    await expect(main).toHaveAttribute("data-fading", "false");
    await expect(mainImage).toHaveAttribute("src", new RegExp(`/${SECOND}\\.png$`));
    await expect(mainImage).toHaveAttribute("alt", `${product!.name}, image 2 of ${COUNT}`);
  });

  test("with reduced motion the image swaps at once, without a fade", async ({ page, hydrated }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto(`/${product!.slug}`);
    const main = page.getByTestId("gallery-main");
    await hydrated(page.getByTestId("gallery"));
    // The page's time stands still: the swap cannot wait for a timer.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByTestId("gallery").getByRole("button", { name: `Show image 2 of ${COUNT}` }).click();
    await expect(main).toHaveAttribute("data-image-id", SECOND);
    await expect(main).not.toHaveAttribute("data-fading", "true");
    expect(await main.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });
});

/**
 * A figure of a product's first tab (a specifications tab, open on load) that reads differently in metric and
 * imperial, with the label of its row, read from data/: the units tests follow the catalogue as editors change it.
 */
function convertingFigure(product: ProductData): { slug: string; tab: string; row: string; metric: string; imperial: string } | undefined {
  const tab = product.tabs[0];
  if (!tab || tab.kind !== "specifications") return undefined;
  for (const table of tab.tables ?? []) {
    for (const row of table.rows) {
      if (!Array.isArray(row) || typeof row[0] !== "string") continue;
      for (const [i, cell] of row.entries()) {
        if (i === 0 || cell === null) continue;
        const unit = table.columns[i]?.unit ?? undefined;
        const metric = formatCell(cell as Cell, "metric", unit);
        const imperial = formatCell(cell as Cell, "imperial", unit);
        // Figures of the other cells of the row, in either system: the row must not show the figure's text anyway.
        const others = row.flatMap((c, j) =>
          j === i || c === null ? [] : (["metric", "imperial"] as const).map((system) => formatCell(c as Cell, system, table.columns[j]?.unit ?? undefined)),
        );
        if (metric !== imperial && !imperial.includes(metric) && !metric.includes(imperial) && !others.some((o) => o.includes(metric) || o.includes(imperial))) {
          return { slug: product.slug, tab: tab.label, row: row[0], metric, imperial };
        }
      }
    }
  }
  return undefined;
}

test.describe("units", () => {
  const [first, second] = PRODUCTS.map(convertingFigure).filter((f) => f !== undefined);
  const rowOf = (page: Page, figure: NonNullable<typeof first>) =>
    panelOf(page, figure.tab).getByRole("row").filter({ has: page.getByRole("rowheader", { name: figure.row, exact: true }) }).first();

  test("the toggle switches the figures and the choice follows to other product pages", async ({ page, request, hydrated }) => {
    test.skip(!second, "fewer than two products have a figure that converts");
    await page.goto(`/${first!.slug}`);
    await hydrated(productTabs(page));
    const toggle = page.getByRole("group", { name: "Units" });
    const metric = toggle.getByRole("button", { name: "Metric" });
    const imperial = toggle.getByRole("button", { name: "Imperial" });
    await expect(metric).toHaveAttribute("aria-pressed", "true");
    await expect(rowOf(page, first!)).toContainText(first!.metric);

    await imperial.click();
    await expect(imperial).toHaveAttribute("aria-pressed", "true");
    await expect(metric).toHaveAttribute("aria-pressed", "false");
    await expect(rowOf(page, first!)).toContainText(first!.imperial);
    await expect(rowOf(page, first!)).not.toContainText(first!.metric);

    // Another product page, reached by a fresh load, shows imperial figures.
    await page.goto(`/${second!.slug}`);
    await hydrated(productTabs(page));
    await expect(page.getByRole("group", { name: "Units" }).getByRole("button", { name: "Imperial" })).toHaveAttribute("aria-pressed", "true");
    await expect(rowOf(page, second!)).toContainText(second!.imperial);
    await expect(rowOf(page, second!)).not.toContainText(second!.metric);

    // The static HTML stays metric whatever the visitor chose.
    const html = await (await request.get(`/${second!.slug}`)).text();
    expect(html.replace(/&amp;/g, "&")).toContain(second!.metric);

    await page.getByRole("group", { name: "Units" }).getByRole("button", { name: "Metric" }).click();
    await expect(rowOf(page, second!)).toContainText(second!.metric);
    await page.goto(`/${first!.slug}`);
    await hydrated(productTabs(page));
    await expect(rowOf(page, first!)).toContainText(first!.metric);
  });

  test("pages without unit-bearing figures have no toggle", async ({ page, hydrated }) => {
    const plain = PRODUCTS.find((p) => !p.tabs.some((t) => t.kind === "specifications" || t.kind === "consumables"));
    test.skip(!plain, "every product has a specification or consumables tab");
    await page.goto(`/${plain!.slug}`);
    await hydrated(productTabs(page));
    await expect(page.getByTestId("units-toggle")).toHaveCount(0);
  });
});

