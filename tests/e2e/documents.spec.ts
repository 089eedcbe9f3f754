import type { Page } from "@playwright/test";
import fs from "fs";
import certifications from "../../data/certifications.json";
import company from "../../data/company.json";
import documents from "../../data/documents.json";
import { certificateDisplayName, companyPrefix, policyDisplayName } from "../../src/utils/downloads";
import { expect, HYDRATION_TIMEOUT_MS, test } from "../../testkit/e2e";
import { categoriesData, productSlugs, productsData } from "../../testkit/site-data";

/** Every product page, from data/products/. */
const PRODUCTS = productSlugs();
const CATALOGUE = productsData();

/** The policies and certificates of data/documents.json, by the names the Certifications page lists them under. */
const PREFIX = companyPrefix(company.shortName);
const POLICIES = documents.policies.map((d) => ({ name: policyDisplayName(d.fileName, PREFIX), fileName: d.fileName }));
const CERTIFICATES = documents.certificates.map((d) => ({ name: certificateDisplayName(d.fileName, PREFIX), fileName: d.fileName }));
const POLICY_NAMES = POLICIES.map((d) => d.name);
const CERTIFICATE_NAMES = CERTIFICATES.map((d) => d.name);
const DOWNLOAD_CATEGORIES = ["policy", "certificate", "product-catalog", "product-questionnaire"];

interface DownloadRecord {
  id: string;
  name: string;
  url: string;
  category: string;
  productId: string | null;
}

async function expectPdf(page: Page, url: string): Promise<void> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toMatch(/^application\/pdf/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1"), url).toBe("%PDF-");
}

test.describe("product documents", () => {
  for (const slug of PRODUCTS) {
    test(`every PDF link of /${slug} opens a real PDF in a new tab`, async ({ page }) => {
      await page.goto(`/${slug}`);
      const links = page.locator('a[href$=".pdf"]');
      const hrefs = await links.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href") ?? "", target: a.getAttribute("target") })));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const { href, target } of hrefs) {
        expect(href).toMatch(new RegExp(`^/assets/catalog/${slug}-[a-z]+\\.pdf$`));
        expect(target, href).toBe("_blank");
        await expectPdf(page, href);
      }
    });
  }

  // A document the company has not supplied yet (`available: false`): listed on its page, no link, no file.
  const unsupplied = CATALOGUE.flatMap((p) => p.tabs.flatMap((t) => (t.documents ?? []).filter((d) => !d.available).map((d) => ({ slug: p.slug, id: d.id }))))[0];
  test("a document not supplied yet is not a link and has no file", async ({ page }) => {
    test.skip(!unsupplied, "every document of the data is supplied");
    await page.goto(`/${unsupplied!.slug}`);
    await expect(page.locator(`[data-document-id="${unsupplied!.id}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-document-id="${unsupplied!.id}"] a`)).toHaveCount(0);
    const response = await page.request.get(`/assets/catalog/${unsupplied!.id}.pdf`);
    expect(response.status()).toBe(404);
  });
});

test.describe("integrator files", () => {
  test("/assets/json/products.json lists every product with name, imageIds, link and category", async ({ page }) => {
    const response = await page.request.get("/assets/json/products.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const products = (await response.json()) as Record<string, unknown>[];
    expect(products).toHaveLength(PRODUCTS.length);
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(["category", "imageIds", "link", "name"]);
      expect(typeof p.name).toBe("string");
      expect(typeof p.category).toBe("string");
      const ids = p.imageIds as number[];
      expect(ids.length).toBeGreaterThan(0);
      const product = CATALOGUE.find((c) => c.slug === p.link);
      expect(product, String(p.link)).toBeDefined();
      const category = categoriesData().find((c) => c.slug === product!.category);
      expect([p.name, p.category, ids]).toEqual([product!.name, category?.name ?? product!.category, product!.imageIds]);
    }
    expect(products.map((p) => p.link).sort()).toEqual([...PRODUCTS].sort());
    const image = await page.request.get(`/assets/images/${(products[0].imageIds as number[])[0]}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  });

  test("/assets/json/downloads.json records have id, name, url, category and productId, and every url is a PDF", async ({ page }) => {
    const response = await page.request.get("/assets/json/downloads.json");
    expect(response.status()).toBe(200);
    const records = (await response.json()) as DownloadRecord[];
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    for (const r of records) {
      expect(Object.keys(r).sort()).toEqual(["category", "id", "name", "productId", "url"]);
      expect(DOWNLOAD_CATEGORIES).toContain(r.category);
      if (r.category === "policy" || r.category === "certificate") {
        expect(r.productId).toBeNull();
      } else {
        expect(PRODUCTS).toContain(r.productId);
      }
      expect(decodeURIComponent(r.url.split("/").pop()!)).toBe(r.name);
      await expectPdf(page, r.url);
    }
    for (const category of DOWNLOAD_CATEGORIES) expect(records.some((r) => r.category === category)).toBe(true);
  });
});

test.describe("certifications page", () => {
  test("shows a loading state until the list arrives, then the policies and certificates", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/json/downloads.json", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/certifications");
    await expect(page.getByRole("heading", { level: 1, name: certifications.heading })).toBeVisible();
    const status = page.getByTestId("downloads-status");
    await expect(status).toHaveAttribute("role", "status");
    await expect(status).toHaveText(certifications.loadingText);
    await expect(page.getByRole("button", { name: /Download/ })).toHaveCount(0);
    release();

    const policies = page.getByRole("region", { name: certifications.policiesHeading });
    const certificates = page.getByRole("region", { name: certifications.certificatesHeading });
    await expect(policies.getByRole("listitem")).toHaveCount(POLICY_NAMES.length, { timeout: HYDRATION_TIMEOUT_MS });
    await expect(status).not.toHaveText(certifications.loadingText);
    expect(await policies.locator("[data-display-name]").allTextContents()).toEqual(POLICY_NAMES);
    expect(await certificates.locator("[data-display-name]").allTextContents()).toEqual(CERTIFICATE_NAMES);
    for (const name of [...POLICY_NAMES, ...CERTIFICATE_NAMES]) {
      const button = page.getByRole("button", { name: `${certifications.downloadLabel} ${name}`, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveText(new RegExp(`^${certifications.downloadLabel}`));
    }
  });

  for (const { name, fileName } of [POLICIES[0], CERTIFICATES[0]].filter(Boolean)) {
    test(`Download opens the file ${fileName}`, async ({ page }) => {
      await page.goto("/certifications");
      const button = page.getByRole("button", { name: `${certifications.downloadLabel} ${name}`, exact: true });
      // The list is fetched once the page is hydrated: on a busy machine that takes longer than expect's 5 s.
      await expect(button).toBeVisible({ timeout: HYDRATION_TIMEOUT_MS });
      const opened = Promise.race([
        page.waitForEvent("download").then((download) => ({ download, popup: null })),
        page.context().waitForEvent("page").then((popup) => ({ download: null, popup })),
      ]);
      await button.click();
      const { download, popup } = await opened;
      if (download) {
        expect(download.suggestedFilename()).toBe(fileName);
        const file = await download.path();
        expect(fs.readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      } else {
        await popup!.waitForLoadState();
        expect(decodeURIComponent(popup!.url())).toContain(`/assets/documents/${fileName}`);
      }
    });
  }

  test("a failed list load shows the empty text and nothing breaks", async ({ page }) => {
    const pageErrors: Error[] = [];
    const consoleErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(err));
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    await page.route("**/assets/json/downloads.json", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }));
    await page.goto("/certifications");
    await expect(page.getByTestId("downloads-status")).toHaveText(certifications.emptyText, { timeout: HYDRATION_TIMEOUT_MS });
    await expect(page.getByRole("button", { name: /Download/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: certifications.heading })).toBeVisible();
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.some((e) => e.includes("Could not load the download list"))).toBe(true);
  });

  test("the page's texts are in the static HTML", async ({ page }) => {
    const html = await (await page.request.get("/certifications")).text();
    expect(html).toContain(certifications.heading);
    expect(html).toContain(certifications.intro);
    expect(html).toContain(certifications.loadingText);
  });
});
