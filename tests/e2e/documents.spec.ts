import type { Page } from "@playwright/test";
import fs from "fs";
import certifications from "../../data/certifications.json";
import { expect, HYDRATION_TIMEOUT_MS, test } from "../../testkit/e2e";

/** The 24 product pages. */
const PRODUCTS = [
  "top-loading-arms",
  "bottom-loading-arms",
  "marine-loading-arms",
  "floating-suction-unit",
  "positive-displacement-flow-meter",
  "gravity-unloading-flow-meter",
  "square-drive-torque-wrench",
  "low-profile-torque-wrench",
  "pneumatic-torque-wrench",
  "torque-pump",
  "spring-return-bolt-tensioner",
  "multi-stage-bolt-tensioner",
  "subsea-bolt-tensioner",
  "tensioning-pump",
  "nut-splitter",
  "flange-spreader",
  "hydraulic-pullers",
  "impact-sockets",
  "hydrotesting-unit",
  "chemical-injection-skids",
  "test-manifolds",
  "split-frame-cold-cutting-machine",
  "id-mounted-flange-facing-machine",
  "manuel-flange-facing-machine",
];

const POLICY_NAMES = ["Quality Policy", "Health Safety and Environment Policy", "Code of Conduct Policy"];
const CERTIFICATE_NAMES = ["Quality Management System", "ISO"];
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

  test("the torque pump's placeholder manual is not a link and has no file", async ({ page }) => {
    await page.goto("/torque-pump");
    await expect(page.locator('[data-document-id="torque-pump-manual-placeholder"] a')).toHaveCount(0);
    const response = await page.request.get("/assets/catalog/torque-pump-manual-placeholder.pdf");
    expect(response.status()).toBe(404);
  });
});

test.describe("integrator files", () => {
  test("/assets/json/products.json lists the 24 products with name, imageIds, link and category", async ({ page }) => {
    const response = await page.request.get("/assets/json/products.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const products = (await response.json()) as Record<string, unknown>[];
    expect(products).toHaveLength(24);
    for (const p of products) {
      expect(Object.keys(p).sort()).toEqual(["category", "imageIds", "link", "name"]);
      expect(typeof p.name).toBe("string");
      expect(typeof p.category).toBe("string");
      const ids = p.imageIds as number[];
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 59)).toBe(true);
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

  for (const [name, fileName] of [
    ["Quality Policy", "IEG_Quality_Policy.pdf"],
    ["Quality Management System", "IEG_Quality Management System_Certificate.pdf"],
  ]) {
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
