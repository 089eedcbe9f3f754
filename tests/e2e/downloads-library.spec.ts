import type { Page } from "@playwright/test";
import fs from "fs";
import path from "path";
import library from "../../data/downloads-library.json";
import productUi from "../../data/product-ui.json";
import certifications from "../../data/certifications.json";
import { axeViolations } from "../../testkit/axe";
import { watchPageProblems } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";

/**
 * The document library (/downloads) on the built site, served by the real
 * server: every document in the static HTML, the filters and their address,
 * the links, keyboard use, axe, the page's scripts and the links to it.
 */

const ROOT = path.resolve(__dirname, "../..");

interface ProductData {
  slug: string;
  tabs: { documents?: { id: string; kind: string; available: boolean }[] | null }[];
}

const products: ProductData[] = fs
  .readdirSync(path.join(ROOT, "data/products"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, "data/products", f), "utf8")) as ProductData);

/** Product documents /assets/json/downloads.json does not carry (it has catalogues and questionnaires): data sheets and manuals. */
const sheetsAndManuals = products.flatMap((p) =>
  p.tabs.flatMap((t) => t.documents ?? []).filter((d) => d.available && (d.kind === "datasheet" || d.kind === "manual")),
);

const countText = (shown: number, total: number) => library.countText.replace("{shown}", String(shown)).replace("{total}", String(total));

const items = (page: Page) => page.getByTestId("library-list").locator(":scope > li");
const count = (page: Page) => page.getByTestId("library-count");

async function expectedTotal(page: Page): Promise<number> {
  const response = await page.request.get("/assets/json/downloads.json");
  expect(response.status()).toBe(200);
  const records = (await response.json()) as unknown[];
  return records.length + sheetsAndManuals.length;
}

async function attributeValues(page: Page, name: string): Promise<string[]> {
  return items(page).evaluateAll((lis, attr) => lis.map((li) => li.getAttribute(attr) ?? ""), name);
}

test("the static HTML lists every document: downloads.json's and every product's data sheets and manuals", async ({ page, openHydrated }) => {
  const total = await expectedTotal(page);
  expect(total).toBeGreaterThan(40);
  const html = await (await page.request.get("/downloads")).text();
  expect(html).toContain(library.heading);
  expect(html.match(/<li [^>]*data-document-id=/g) ?? []).toHaveLength(total);
  expect(html).toContain(countText(total, total));
  for (const doc of sheetsAndManuals) expect(html).toContain(`/assets/catalog/${doc.id}.pdf`);
  // The placeholder manual has no file: it is not offered.
  expect(html).not.toContain("torque-pump-manual-placeholder");

  await openHydrated("/downloads");
  await expect(page.getByRole("heading", { level: 1, name: library.heading })).toBeVisible();
  await expect(items(page)).toHaveCount(total);
  await expect(count(page)).toHaveText(countText(total, total));
  await expect(count(page)).toHaveAttribute("role", "status");
});

test("every document: title, type, format and size shown; a direct link to an existing file that opens in a new tab", async ({ page, openHydrated }) => {
  test.setTimeout(60_000);
  await openHydrated("/downloads");
  const rows = await items(page).evaluateAll((lis) =>
    lis.map((li) => {
      const a = li.querySelector("a");
      const facts: Record<string, string> = {};
      li.querySelectorAll("dl > dt").forEach((dt) => {
        facts[dt.textContent ?? ""] = dt.nextElementSibling?.tagName === "DD" ? (dt.nextElementSibling.textContent ?? "") : "";
      });
      return {
        id: li.getAttribute("data-document-id"),
        href: a?.getAttribute("href") ?? "",
        target: a?.getAttribute("target"),
        rel: a?.getAttribute("rel"),
        text: a?.textContent ?? "",
        bytes: li.querySelector("dd > data")?.getAttribute("value") ?? null,
        facts,
      };
    }),
  );
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  for (const row of rows) {
    expect(row.target, row.href).toBe("_blank");
    expect(row.rel, row.href).toContain("noopener");
    expect(row.text, row.href).toContain(productUi.opensInNewTab);
    expect(row.href).toMatch(/^\/assets\/(catalog|documents)\/.+\.pdf$/);
    expect(library.types.map((t) => t.label)).toContain(row.facts[library.factLabels.type]);
    expect(row.facts[library.factLabels.format]).toBe("PDF");
    // The size shown is the served file's own.
    const head = await page.request.head(row.href);
    expect(head.status(), row.href).toBe(200);
    expect(head.headers()["content-type"], row.href).toMatch(/^application\/pdf/);
    expect(row.bytes, row.href).not.toBeNull();
    expect(Number(head.headers()["content-length"]), row.href).toBe(Number(row.bytes));
    expect(row.facts[library.factLabels.size]).toMatch(/^\d+(\.\d)? (bytes|KB|MB)$/);
  }
  // Product documents name their product and category; policies and certificates have neither.
  const sheet = rows.find((r) => r.id === "square-drive-torque-wrench-datasheet")!;
  expect(sheet.facts[library.factLabels.product]).toBe("Square Drive Torque Wrench");
  expect(sheet.facts[library.factLabels.category]).toBe("Controlled Bolting & Hydraulic Equipment");
  expect(sheet.facts[library.factLabels.units]).toBe(`${productUi.metricLabel} / ${productUi.imperialLabel}`);
  const policy = rows.find((r) => r.id === "quality-policy")!;
  expect(policy.facts[library.factLabels.product]).toBeUndefined();
  expect(policy.facts[library.factLabels.units]).toBeUndefined();

  // Clicking a link opens a new tab for the PDF: a browser with a PDF viewer shows the file there; one
  // without (the headless shell the tests run) downloads it from that tab.
  const popupPromise = page.context().waitForEvent("page");
  const downloadPromise = page.waitForEvent("download");
  await items(page).first().getByRole("link").click();
  const popup = await popupPromise;
  const opened = await Promise.race([
    popup.waitForURL((url) => url.pathname === rows[0].href).then(() => popup.url()),
    downloadPromise.then((download) => download.url()),
  ]);
  expect(new URL(opened).pathname).toBe(rows[0].href);
  await popup.close();
});

test("each filter narrows the list and is written into the address", async ({ page, openHydrated }) => {
  await openHydrated("/downloads");
  const total = await items(page).count();

  await page.getByLabel(library.typeLabel, { exact: true }).selectOption("data-sheet");
  await expect(page).toHaveURL(/\/downloads\?type=data-sheet$/);
  const sheets = await items(page).count();
  expect(sheets).toBeGreaterThan(0);
  expect(sheets).toBeLessThan(total);
  expect(new Set(await attributeValues(page, "data-type"))).toEqual(new Set(["data-sheet"]));
  await expect(count(page)).toHaveText(countText(sheets, total));

  await page.getByLabel(library.productLabel, { exact: true }).selectOption("torque-pump");
  await expect(page).toHaveURL(/\/downloads\?type=data-sheet&product=torque-pump$/);
  expect(await attributeValues(page, "data-document-id")).toEqual(["torque-pump-datasheet"]);
  await expect(count(page)).toHaveText(countText(1, total));

  // A category the chosen product is not in lets the product go.
  await page.getByLabel(library.categoryLabel, { exact: true }).selectOption("fluid-transfer");
  await expect(page).toHaveURL(/\/downloads\?type=data-sheet&category=fluid-transfer$/);
  await expect(page.getByLabel(library.productLabel, { exact: true })).toHaveValue("");
  // Fluid transfer products have catalogues and questionnaires, no data sheet.
  await expect(page.getByTestId("library-empty")).toContainText(library.emptyText);
  await expect(count(page)).toHaveText(countText(0, total));

  await page.getByLabel(library.typeLabel, { exact: true }).selectOption("");
  await expect(page).toHaveURL(/\/downloads\?category=fluid-transfer$/);
  const fluid = await items(page).count();
  expect(fluid).toBeGreaterThan(0);
  expect(new Set(await attributeValues(page, "data-category"))).toEqual(new Set(["fluid-transfer"]));
  // Only that category's products can be chosen now.
  const productChoices = await page.getByLabel(library.productLabel, { exact: true }).locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(productChoices).toEqual(["", ...new Set(await attributeValues(page, "data-product"))]);

  await page.getByRole("button", { name: library.clearLabel }).click();
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(items(page)).toHaveCount(total);
});

test("a filtered address reopens the same view", async ({ page, openHydrated }) => {
  await openHydrated("/downloads?type=data-sheet&product=torque-pump");
  await expect(page.getByLabel(library.typeLabel, { exact: true })).toHaveValue("data-sheet");
  await expect(page.getByLabel(library.productLabel, { exact: true })).toHaveValue("torque-pump");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute("data-document-id", "torque-pump-datasheet");
  await page.reload();
  await expect(page.getByLabel(library.productLabel, { exact: true })).toHaveValue("torque-pump");
  await expect(items(page)).toHaveCount(1);

  await openHydrated("/downloads?category=on-site-atex-machining&q=manual");
  await expect(page.getByLabel(library.categoryLabel, { exact: true })).toHaveValue("on-site-atex-machining");
  await expect(page.getByLabel(library.textLabel, { exact: true })).toHaveValue("manual");
  const categories = await attributeValues(page, "data-category");
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(["on-site-atex-machining"]));
});

test("the text filter: every word, in any case; nothing found says so and offers to clear the filters", async ({ page, openHydrated }) => {
  await openHydrated("/downloads");
  const total = await items(page).count();
  const text = page.getByLabel(library.textLabel, { exact: true });

  await text.fill("QUALITY");
  await expect(page).toHaveURL(/\/downloads\?q=QUALITY$/);
  expect((await attributeValues(page, "data-document-id")).sort()).toEqual(["quality-management-system-certificate", "quality-policy"]);
  await expect(count(page)).toHaveText(countText(2, total));

  await text.fill("torque pump");
  expect(await attributeValues(page, "data-document-id")).toEqual(["torque-pump-datasheet"]);

  await text.fill("zzqx");
  await expect(items(page)).toHaveCount(0);
  const empty = page.getByTestId("library-empty");
  await expect(empty).toContainText(library.emptyText);
  await expect(count(page)).toHaveText(countText(0, total));
  await empty.getByRole("button", { name: library.clearLabel }).click();
  await expect(items(page)).toHaveCount(total);
  await expect(text).toHaveValue("");
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(page.getByLabel(library.categoryLabel, { exact: true })).toBeFocused();
});

test("by keyboard: the filters in order with a visible focus, a change by keys, the clear button and the links", async ({ page, openHydrated }) => {
  await openHydrated("/downloads");
  const total = await items(page).count();
  const category = page.getByLabel(library.categoryLabel, { exact: true });
  await category.focus();
  const outline = () => page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  for (const label of [library.productLabel, library.typeLabel, library.textLabel]) {
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    expect(await outline()).not.toBe("none");
  }
  await page.keyboard.type("sheet");
  await expect(page).toHaveURL(/\?q=sheet$/);
  const shown = await items(page).count();
  expect(shown).toBeLessThan(total);
  await expect(count(page)).toHaveText(countText(shown, total));

  await page.keyboard.press("Tab");
  const clear = page.getByRole("button", { name: library.clearLabel });
  await expect(clear).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(items(page).first().getByRole("link")).toBeFocused();
  expect(await outline()).not.toBe("none");

  await clear.focus();
  await page.keyboard.press("Enter");
  await expect(items(page)).toHaveCount(total);
  await expect(category).toBeFocused();

  // A select changed from the keyboard.
  await page.getByLabel(library.typeLabel, { exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\?type=catalogue$/);
  expect(new Set(await attributeValues(page, "data-type"))).toEqual(new Set(["catalogue"]));
});

// The full list, a filtered address and the empty result as they load: routes.spec.ts (every route, and these addresses).
test("no axe violation: a list filtered on the page, and the library on a phone", async ({ page, openHydrated }) => {
  test.setTimeout(90_000);
  const check = async (context: string) => {
    expect(await axeViolations(page), context).toEqual([]);
  };
  await openHydrated("/downloads");
  await page.getByLabel(library.typeLabel, { exact: true }).selectOption("manual");
  await expect(page).toHaveURL(/\?type=manual$/);
  await check("filtered");
  await page.setViewportSize({ width: 360, height: 740 });
  await openHydrated("/downloads");
  await check("360 px");
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});

test("no console error or CSP report, nothing missing while filtering (as it loads: routes.spec.ts)", async ({ page, openHydrated }) => {
  const { errors, failed } = watchPageProblems(page);
  await openHydrated("/downloads?type=manual");
  await page.getByLabel(library.textLabel, { exact: true }).fill("nut");
  await expect(items(page)).toHaveCount(1);
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

test("linked from the footer, the Certifications page and a product's documents tab", async ({ page, openHydrated }) => {
  await page.goto("/about-us");
  const footerLink = page.locator("footer").getByRole("link", { name: "Document Library" });
  await expect(footerLink).toHaveAttribute("href", "/downloads");

  await page.goto("/certifications");
  const sentence = page.getByTestId("library-link");
  await expect(sentence).toHaveText(certifications.libraryText.replace("{link}", certifications.libraryLinkLabel));
  await expect(sentence.getByRole("link", { name: certifications.libraryLinkLabel })).toHaveAttribute("href", "/downloads");

  await openHydrated("/torque-pump");
  await page.getByRole("tab", { name: "Manuals" }).click();
  const panel = page.getByRole("tabpanel", { name: "Manuals" });
  const all = panel.getByRole("link", { name: productUi.allDocumentsLabel, exact: true });
  await expect(all).toHaveCount(1);
  await expect(all).toHaveAttribute("href", "/downloads");
  await all.click();
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(page.getByRole("heading", { level: 1, name: library.heading })).toBeVisible();
});
