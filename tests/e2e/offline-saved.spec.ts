import type { BrowserContext, Page } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import productUi from "../../data/product-ui.json";
import productUiAr from "../../data/product-ui.ar.json";
import offlineWords from "../../data/offline-page.json";
import offlineWordsAr from "../../data/offline-page.ar.json";
import library from "../../data/downloads-library.json";
import { expect, test } from "../../testkit/e2e";
import { goOffline, goOnline, waitForServiceWorker } from "../../testkit/offline";
import type { SaveList } from "../../src/offline/saved/list";
import { freePort, SERVER_ENTRY } from "../../testkit/faults";

// The site's service worker runs here, as for visitors (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * "Save for offline" with the real service worker: a product saved, then
 * opened with the network gone (page, hydration, pictures, data sheet); its
 * removal; a document saved from /downloads; the build's list of what each
 * product needs; a new build going live (the site served again from a
 * changed copy of the build, on the same address), which refreshes the saved
 * items. The refresh's failures (offline, a file missing) are tested with the
 * store's logic in tests/unit/offline-saved-store.test.ts.
 */

const ROOT = path.resolve(__dirname, "../..");
const TEXTS = productUi.saveOffline;
/** The button's words on an Arabic page, and the Arabic offline page's. */
const TEXTS_AR = { ...TEXTS, ...productUiAr.saveOffline };
const OFFLINE_AR = { ...offlineWords, ...offlineWordsAr, kinds: { ...offlineWords.kinds, ...offlineWordsAr.kinds } };

interface ProductData {
  slug: string;
  name: string;
  tabs: { documents?: { id: string; available: boolean }[] | null }[];
}

const products: ProductData[] = fs
  .readdirSync(path.join(ROOT, "data/products"))
  .filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, "data/products", f), "utf8")) as ProductData)
  .sort((a, b) => a.slug.localeCompare(b.slug));
/** A product's Arabic name (data/products/<slug>.ar.json). */
const arabicName = (product: ProductData) => (JSON.parse(fs.readFileSync(path.join(ROOT, "data/products", `${product.slug}.ar.json`), "utf8")) as { name: string }).name;
const pdfsOf = (product: ProductData) => product.tabs.flatMap((t) => t.documents ?? []).filter((d) => d.available).map((d) => `/assets/catalog/${d.id}.pdf`);
const [first, second, third] = products.filter((p) => pdfsOf(p).length > 0);

/** The saved items' records (IndexedDB "site-saved", store "items"). */
const savedItems = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ path: string; title: string; kind: string; url: string; bytes: number; savedAt: number; files: string[]; build: string; stale?: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open("site-saved");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("items")) return resolve([]);
          const all = db.transaction("items").objectStore("items").getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
        };
      }),
  );

/** The paths cache "site-saved" holds. */
const savedFiles = (page: Page) => page.evaluate(async () => (await (await caches.open("site-saved")).keys()).map((request) => new URL(request.url).pathname).sort());

/** Status, content type and first bytes of a file fetched by the page (through its service worker). */
const fetchFromPage = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const response = await fetch(u);
    return { status: response.status, type: response.headers.get("content-type"), start: (await response.text()).slice(0, 5) };
  }, url);

async function openControlled(page: Page, url: string, hydrated: (p: Page) => Promise<void>): Promise<void> {
  await page.goto(url);
  await waitForServiceWorker(page);
  await hydrated(page);
}

async function save(page: Page, name = TEXTS.save, saved = TEXTS.saved): Promise<void> {
  const button = page.getByRole("button", { name });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole("button", { name: saved })).toBeVisible({ timeout: 30_000 });
}

/** A fresh page of the context, opened at `url`; null when the browser could not load it at all. */
async function openFresh(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url).catch(() => null);
  return page;
}

/** The visible pictures of the page have all loaded and decoded. */
async function expectPicturesShown(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const visible = [...document.querySelectorAll<HTMLImageElement>("picture img")].filter((img) => {
            const box = img.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
          });
          return visible.length > 0 && visible.every((img) => img.complete && img.naturalWidth > 0);
        }),
      { timeout: 20_000, message: "the visible pictures did not load" },
    )
    .toBe(true);
}

test.describe("save for offline", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a saved product opens offline: page, hydration, pictures and its PDFs; an unsaved one does not", async ({ page, context, hydrated }) => {
    await openControlled(page, `/${first.slug}`, hydrated);
    await save(page);
    const status = page.locator('[role="status"]', { hasText: "Saved on this device" });
    await expect(status).toContainText(/Saved on this device with its images and documents: [\d.]+ (KB|MB)\./);
    await expect(status).toContainText(/This site uses [\d.]+ (bytes|KB|MB|GB) of the [\d.]+ (KB|MB|GB) this browser allows it\./);

    const [item] = await savedItems(page);
    expect(item).toMatchObject({ path: `/${first.slug}`, url: `/${first.slug}`, title: first.name, kind: "product" });
    expect(item.bytes).toBeGreaterThan(10_000);
    expect(item.files).toEqual(expect.arrayContaining([`/${first.slug}`, `/page-data/${first.slug}/page-data.json`, ...pdfsOf(first)]));
    // One picture format, the one this browser shows (Chromium: AVIF).
    expect(item.files.some((url) => url.endsWith(".avif"))).toBe(true);
    expect(item.files.some((url) => /\.(webp|png|jpe?g)$/.test(url))).toBe(false);
    expect(await savedFiles(page)).toEqual([...item.files].sort());

    await goOffline(context);
    const offline = await openFresh(context, `/${first.slug}`);
    await expect(offline.locator("h1")).toHaveText(first.name);
    await hydrated(offline);
    await expectPicturesShown(offline);
    for (const pdf of pdfsOf(first)) expect(await fetchFromPage(offline, pdf)).toEqual({ status: 200, type: "application/pdf", start: "%PDF-" });
    // Hydrated from the saved state: the button says it is saved.
    await expect(offline.getByRole("button", { name: TEXTS.saved })).toBeVisible();

    const unsaved = await openFresh(context, `/${second.slug}`);
    expect(await unsaved.locator("h1").allTextContents()).not.toContain(second.name);
    await goOnline(context);
  });

  test("on an Arabic product page the Arabic page is saved with its (English, shared) PDFs, opens offline in Arabic, and the Arabic offline page names it in Arabic", async ({ page, context, hydrated }) => {
    const arabicPage = `/ar/${first.slug}`;
    await openControlled(page, arabicPage, hydrated);
    await save(page, TEXTS_AR.save, TEXTS_AR.saved);
    await expect(page.locator('[role="status"]', { hasText: /KB|MB/ })).toContainText(TEXTS_AR.done.split("{size}")[0].trim());

    const [item] = await savedItems(page);
    expect(item).toMatchObject({ path: arabicPage, url: arabicPage, title: arabicName(first), kind: "product" });
    expect(item.files).toEqual(expect.arrayContaining([arabicPage, `/page-data/ar/${first.slug}/page-data.json`, ...pdfsOf(first)]));
    expect(item.files).not.toContain(`/${first.slug}`);
    expect(await savedFiles(page)).toEqual([...item.files].sort());

    await goOffline(context);
    const offline = await openFresh(context, arabicPage);
    await expect(offline.locator("html")).toHaveAttribute("lang", "ar");
    await expect(offline.locator("h1")).toHaveText(arabicName(first));
    await hydrated(offline);
    await expectPicturesShown(offline);
    for (const pdf of pdfsOf(first)) expect(await fetchFromPage(offline, pdf)).toEqual({ status: 200, type: "application/pdf", start: "%PDF-" });
    await expect(offline.getByRole("button", { name: TEXTS_AR.saved })).toBeVisible();

    // Another Arabic page, not saved: the Arabic offline page, listing the saved one by its Arabic name and kind.
    const unsaved = await openFresh(context, `/ar/${second.slug}`);
    await expect(unsaved.getByRole("heading", { level: 1 })).toHaveText(OFFLINE_AR.heading);
    const saved = unsaved.getByRole("region", { name: OFFLINE_AR.savedHeading });
    await expect(saved.getByRole("link", { name: arabicName(first) })).toHaveAttribute("href", arabicPage);
    await expect(saved.getByRole("listitem")).toHaveText(`${arabicName(first)} (${OFFLINE_AR.kinds.product})`);
    await goOnline(context);
  });

  test("Remove takes the item's files away, keeps those another saved product needs, and the page no longer opens offline", async ({ page, context, hydrated }) => {
    await openControlled(page, `/${first.slug}`, hydrated);
    await save(page);
    await openControlled(page, `/${second.slug}`, hydrated);
    await save(page);
    const items = await savedItems(page);
    const firstItem = items.find((i) => i.path === `/${first.slug}`);
    const secondItem = items.find((i) => i.path === `/${second.slug}`);
    if (!firstItem || !secondItem) throw new Error("both products should be saved");
    const shared = secondItem.files.filter((url) => firstItem.files.includes(url));
    expect(shared.length).toBeGreaterThan(0); // the scripts every product page runs

    const remove = page.getByRole("button", { name: TEXTS.saved });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: TEXTS.save })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[role="status"]', { hasText: TEXTS.removed })).toBeVisible();
    expect((await savedItems(page)).map((i) => i.path)).toEqual([`/${first.slug}`]);
    const left = await savedFiles(page);
    expect(left).toEqual([...firstItem.files].sort());
    expect(left).toEqual(expect.arrayContaining(shared));
    expect(left).not.toContain(`/${second.slug}`);

    await goOffline(context);
    const removed = await openFresh(context, `/${second.slug}`);
    expect(await removed.locator("h1").allTextContents()).not.toContain(second.name);
    const kept = await openFresh(context, `/${first.slug}`);
    await expect(kept.locator("h1")).toHaveText(first.name);
    await goOnline(context);

    await kept.close();
    await openControlled(page, `/${first.slug}`, hydrated);
    await page.getByRole("button", { name: TEXTS.saved }).click();
    await expect(page.getByRole("button", { name: TEXTS.save })).toBeVisible({ timeout: 30_000 });
    expect(await savedFiles(page)).toEqual([]);
    expect(await savedItems(page)).toEqual([]);
  });

  test("/downloads: a saved document is marked and opens offline; the page does not scroll sideways", async ({ page, context, hydrated }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const pdf = pdfsOf(third)[0];
    await openControlled(page, "/downloads", hydrated);
    const item = page.locator(`li[data-document-id="${path.basename(pdf, ".pdf")}"]`);
    const button = item.getByRole("button", { name: new RegExp(`^${library.saveOffline.save}`) });
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(item.getByRole("button", { name: new RegExp(`^${library.saveOffline.saved}`) })).toBeVisible({ timeout: 30_000 });
    await expect(item.getByRole("status")).toContainText("Saved on this device");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await savedItems(page)).toEqual([expect.objectContaining({ path: pdf, url: pdf, kind: "document", files: [pdf] })]);

    // Marked on the next visit too.
    await page.reload();
    await hydrated(page);
    await expect(item.getByRole("button", { name: new RegExp(`^${library.saveOffline.saved}`) })).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(`^${library.saveOffline.saved}`) })).toHaveCount(1);

    await goOffline(context);
    expect(await fetchFromPage(page, pdf)).toEqual({ status: 200, type: "application/pdf", start: "%PDF-" });
    await goOnline(context);
  });

  test("the build lists every product with its page, page data, PDFs and pictures, and every document; no video", async ({ request }) => {
    const response = await request.get("/offline-saves.json");
    expect(response.status()).toBe(200);
    const list = (await response.json()) as SaveList;
    expect(list.products.map((p) => p.path)).toEqual([...products.map((p) => `/${p.slug}`), ...products.map((p) => `/ar/${p.slug}`)].sort((a, b) => a.localeCompare(b)));
    for (const product of products) {
      const entry = list.products.find((p) => p.path === `/${product.slug}`);
      expect(entry?.title).toBe(product.name);
      expect(entry?.files).toEqual(expect.arrayContaining([`/${product.slug}`, `/page-data/${product.slug}/page-data.json`, "/page-data/app-data.json", ...pdfsOf(product)]));
      expect(entry?.pictures.length).toBeGreaterThan(0);
      // Its Arabic page: named in Arabic, its own page and page data, the same PDFs and pictures.
      const twin = list.products.find((p) => p.path === `/ar/${product.slug}`);
      expect(twin?.title).toBe(arabicName(product));
      expect(twin?.files).toEqual(expect.arrayContaining([`/ar/${product.slug}`, `/page-data/ar/${product.slug}/page-data.json`, "/page-data/app-data.json", ...pdfsOf(product)]));
      expect(twin?.pictures).toEqual(entry?.pictures);
    }
    // A document is listed once (the file is the same in both languages), with its library's title in each.
    expect(new Set(list.documents.map((d) => d.url)).size).toBe(list.documents.length);
    for (const doc of list.documents) expect(doc.titles).toEqual({ en: doc.title, ar: expect.any(String) });
    expect(list.documents.length).toBeGreaterThan(products.length);
    expect(JSON.stringify(list)).not.toMatch(/\.(mp4|webm)/);
  });
});

/** The real server on `port`, serving `publicDir`. */
async function serveBuild(publicDir: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_DIR: publicDir, RATE_LIMIT_MAX: "10000" },
    stdio: "ignore",
  });
  await expect
    .poll(() => fetch(`http://127.0.0.1:${port}/contact`).then((r) => r.status, () => 0), { timeout: 60_000, message: "the server did not start" })
    .toBe(200);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await gone;
}

/** Replaces a file of a hard-linked copy of the build (the link is cut first: the build itself stays as it is), and drops its compressed forms. */
function rewrite(publicDir: string, file: string, change: (text: string) => string): void {
  const full = path.join(publicDir, file);
  const text = fs.readFileSync(full, "utf8");
  for (const form of [full, `${full}.br`, `${full}.gz`]) fs.rmSync(form, { force: true });
  fs.writeFileSync(full, change(text));
}

test("a new build going live refreshes the saved items: changed files fetched again, a product gone from the catalogue dropped", async ({ browser }) => {
  test.setTimeout(180_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "saved-builds-"));
  const [thisBuild, nextBuild] = [path.join(work, "this"), path.join(work, "next")];
  for (const dir of [thisBuild, nextBuild]) execFileSync("cp", ["-al", path.join(ROOT, "public"), dir]);
  // The next build: the first product's page changed, the second product gone from the catalogue, a new service worker.
  const MARK = "<!-- the next build -->";
  rewrite(nextBuild, `${first.slug}/index.html`, (html) => html.replace("</body>", `${MARK}</body>`));
  rewrite(nextBuild, "offline-saves.json", (json) => {
    const list = JSON.parse(json) as SaveList;
    return JSON.stringify({ ...list, build: "next", products: list.products.filter((p) => p.path !== `/${second.slug}`) });
  });
  rewrite(nextBuild, "sw.js", (code) => `${code}\n// the next build\n`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const context = await browser.newContext();
  let server = await serveBuild(thisBuild, port, path.join(work, "data"));
  try {
    const page = await context.newPage();
    for (const product of [first, second]) {
      await page.goto(`${base}/${product.slug}`);
      await waitForServiceWorker(page);
      await expect(page.locator('#___gatsby[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
      await save(page);
    }
    expect((await savedItems(page)).map((item) => item.path).sort()).toEqual([`/${first.slug}`, `/${second.slug}`]);

    await stop(server);
    server = await serveBuild(nextBuild, port, path.join(work, "data"));
    // The new worker installs and waits; it activates once no page uses the old one.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 30_000 }).toBe(true);
    await page.close();
    const after = await context.newPage();
    await after.goto(`${base}/contact`);
    await expect
      .poll(async () => (await savedItems(after)).map((item) => `${item.path} ${item.build} ${Boolean(item.stale)}`), { timeout: 30_000 })
      .toEqual([`/${first.slug} next false`]);
    const files = await savedFiles(after);
    expect(files).toContain(`/${first.slug}`);
    expect(files.some((url) => url.includes(second.slug))).toBe(false);
    const html = await after.evaluate(async (url) => (await (await caches.open("site-saved")).match(url))?.text(), `/${first.slug}`);
    expect(html).toContain(MARK);
  } finally {
    await context.close();
    await stop(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
});
