import type { BrowserContext, Page } from "@playwright/test";
import { execFileSync } from "child_process";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import company from "../../data/company.json";
import companyAr from "../../data/company.ar.json";
import offlineWords from "../../data/offline-page.json";
import offlineWordsAr from "../../data/offline-page.ar.json";
import { axeViolations } from "../../testkit/axe";
import { PUBLIC, sitemapRoutes } from "../../testkit/built-site";
import { expect, formReady, test, waitForHydration } from "../../testkit/e2e";
import { cleanup, freePort, startServer, type ServerProcess } from "../../testkit/faults";
import { goOffline, goOnline, SERVICE_WORKER_TIMEOUT_MS, waitForServiceWorker } from "../../testkit/offline";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precachedPages, precacheList, twinList, PRECACHE_LIMIT_BYTES } = require("../../scripts/build/precache-list.cjs") as {
  precachedPages(): string[];
  precacheList(publicDir: string): { entries: { file: string; size: number }[]; size: number };
  twinList(publicDir: string): { byLang: Record<string, { cache: string; urls: string[] }> };
  PRECACHE_LIMIT_BYTES: number;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mergeOverlay } = require("../../src/shared/i18n/overlay.cjs") as { mergeOverlay<T>(english: T, overlay: unknown): T };

// The site's service worker runs here, as for visitors (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * The service worker of the build (public/sw.js) in a real Chromium, against
 * the real server: precached pages open and hydrate
 * without a network, any other page shows the offline page; a new version
 * waits until the visitor chooses "Update" (never while a form holds text
 * not sent), then the page reloads once; the web app manifest and its icons.
 */

const PAGES = precachedPages();
const CATEGORY = PAGES.find((page) => !["/", "/contact", "/enquiry"].includes(page)) as string;
/** A product page: never visited nor saved in these tests. */
const PRODUCT = `/${(JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../data/products", fs.readdirSync(path.resolve(__dirname, "../../data/products")).filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json")).sort()[0]), "utf8")) as { slug: string }).slug}`;

const OFFLINE_HEADING = offlineWords.heading;
/** The offline page's and the update offer's Arabic words, as the build merges them. */
const AR_WORDS = mergeOverlay(offlineWords, offlineWordsAr);
/** The Arabic twin of a page: /ar, /ar/contact... */
const arabic = (route: string) => (route === "/" ? "/ar" : `/ar${route}`);
/** Arabic letters. */
const ARABIC = /[\u0600-\u06ff]/;

/** Full page loads of `page` (a reload or a navigation that loads a document; not Gatsby's in-page route changes). */
function countLoads(page: Page): { count: () => number } {
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  return { count: () => loads };
}

test.describe("offline", () => {
  // The build's own precache (the list's rules are unit-tested in tests/unit/precache-list.test.ts, on a made-up build).
  test("the build's precache: under the bound, no video, no script of an older build", () => {
    const { entries, size } = precacheList(PUBLIC);
    const emitted = new Set((JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.assets.json"), "utf8")) as { assets: string[] }).assets);
    expect(size).toBeLessThan(PRECACHE_LIMIT_BYTES);
    expect(entries.filter((entry) => /\.(mp4|webm|ogv|mov)$/.test(entry.file))).toEqual([]);
    expect(entries.filter((entry) => entry.file.endsWith(".js") && !entry.file.startsWith("offline/") && !emitted.has(entry.file))).toEqual([]);
  });

  test("the precached pages open and hydrate without a network; an unvisited page shows the offline page, accessible; online again, the page itself", async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    await waitForServiceWorker(page);
    // The precache is complete once the worker is active: nothing else is visited before the network goes.
    await goOffline(context);
    try {
      for (const route of ["/", "/contact", "/enquiry", CATEGORY]) {
        const response = await page.goto(route);
        expect(response?.fromServiceWorker(), route).toBe(true);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 }), route).not.toHaveText(OFFLINE_HEADING);
      }

      await page.goto(PRODUCT);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OFFLINE_HEADING);
      expect(new URL(page.url()).pathname).toBe(PRODUCT);
      const main = page.getByRole("main");
      for (const route of PAGES) await expect(main.locator(`a[href="${route}"]`), route).toHaveCount(1);
      await expect(page.getByRole("link", { name: company.name })).toHaveAttribute("href", "/");
      await expect(page.getByRole("button", { name: offlineWords.retry })).toBeVisible();
      // Nothing saved: no list, and the saved items' database was not created by looking.
      await expect(page.getByRole("heading", { name: offlineWords.savedHeading })).toBeHidden();
      expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain("site-saved");
      expect(await axeViolations(page), "offline page").toEqual([]);
      for (const width of [360, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `no horizontal scroll at ${width} px`).toBe(true);
      }
    } finally {
      await goOnline(context);
    }
    await page.goto(PRODUCT);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(OFFLINE_HEADING);
  });

  test("documents, videos and the API are not cached at run time; a saved document is found offline", async ({ page, context }) => {
    const documentPath = `/assets/documents/${fs.readdirSync(path.join(PUBLIC, "assets/documents")).find((name) => name.endsWith(".pdf"))}`;
    const videoPath = `/videos/${fs.readdirSync(path.join(PUBLIC, "videos")).find((name) => name.endsWith(".mp4"))}`;
    await page.goto("/contact");
    await waitForServiceWorker(page);
    const statuses = await page.evaluate(
      async ([documentUrl, videoUrl]) => [
        (await fetch(documentUrl)).status,
        (await fetch(videoUrl, { headers: { Range: "bytes=0-99" } })).status,
        (await fetch("/api/health")).status,
      ],
      [documentPath, videoPath],
    );
    expect(statuses.slice(0, 2)).toEqual([200, 206]);
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(cached.filter((p) => p === documentPath || p.startsWith("/videos/") || p.startsWith("/api"))).toEqual([]);

    // The saved part keeps a saved document in its own cache: found offline.
    await page.evaluate(async (documentUrl) => {
      const cache = await caches.open("site-saved");
      await cache.put(documentUrl, await fetch(documentUrl));
    }, documentPath);
    await goOffline(context);
    try {
      const offline = await page.evaluate(async (documentUrl) => {
        const response = await fetch(documentUrl);
        return { status: response.status, type: response.headers.get("content-type") };
      }, documentPath);
      expect(offline).toEqual({ status: 200, type: "application/pdf" });
      expect(await page.evaluate(() => fetch("/api/health").then((r) => r.status, () => "network error"))).toBe("network error");
    } finally {
      await goOnline(context);
    }
  });

  test("the offline page lists what is saved on the device", async ({ page, context }) => {
    await page.goto("/contact");
    await waitForServiceWorker(page);
    await goOffline(context);
    try {
      await page.goto(PRODUCT);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OFFLINE_HEADING);
      // The saved items' index as the saved part keeps it: database "site-saved", store "items", keyed by the page's path.
      await page.evaluate(
        (product) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open("site-saved", 1);
            open.onupgradeneeded = () => open.result.createObjectStore("items", { keyPath: "path" });
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction("items", "readwrite");
              tx.objectStore("items").put({ path: product, title: "Saved pump", kind: "product", url: product });
              tx.objectStore("items").put({ path: "/assets/documents/sheet.pdf", title: "Pump data sheet", kind: "document", url: "/assets/documents/sheet.pdf" });
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
        PRODUCT,
      );
      await page.reload();
      const saved = page.getByRole("region", { name: offlineWords.savedHeading });
      await expect(saved.getByRole("link", { name: "Saved pump" })).toHaveAttribute("href", PRODUCT);
      await expect(saved.getByRole("link", { name: "Pump data sheet" })).toHaveAttribute("href", "/assets/documents/sheet.pdf");
      await expect(saved.getByRole("listitem").filter({ hasText: "Saved pump" })).toHaveText(`Saved pump (${offlineWords.kinds.product})`);
      await expect(saved.getByRole("listitem").filter({ hasText: "Pump data sheet" })).toHaveText(`Pump data sheet (${offlineWords.kinds.document})`);
      expect(await axeViolations(page), "offline page with saved items").toEqual([]);
    } finally {
      await goOnline(context);
    }
  });
});

test.describe("offline, in Arabic", () => {
  test("an Arabic page caches the Arabic twins of the precached pages, which then open and hydrate offline; an unvisited Arabic page shows the Arabic offline page, accessible, right to left", async ({ page, context }) => {
    test.setTimeout(120_000);
    const twins = twinList(PUBLIC).byLang.ar;
    await page.goto("/ar");
    await waitForServiceWorker(page);
    // Cached in the background once an Arabic page is open: complete when their cache holds every one.
    await expect
      .poll(
        () =>
          page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort() : []), twins.cache),
        { timeout: SERVICE_WORKER_TIMEOUT_MS },
      )
      .toEqual([...twins.urls].sort());
    await goOffline(context);
    try {
      for (const route of ["/", "/contact", "/enquiry", CATEGORY].map(arabic)) {
        const response = await page.goto(route);
        expect(response?.fromServiceWorker(), route).toBe(true);
        await waitForHydration(page);
        await expect(page.locator("html"), route).toHaveAttribute("lang", "ar");
        await expect(page.getByRole("heading", { level: 1 }), route).not.toHaveText(AR_WORDS.heading);
      }

      const unvisited = arabic(PRODUCT);
      await page.goto(unvisited);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(AR_WORDS.heading);
      expect(new URL(page.url()).pathname).toBe(unvisited);
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page).toHaveTitle(`${AR_WORDS.title} | ${company.name}`);
      await expect(page.getByRole("heading", { level: 2, name: AR_WORDS.precachedHeading })).toBeVisible();
      const main = page.getByRole("main");
      // The Arabic twins of the precached pages, named by their Arabic titles; no English page.
      for (const route of PAGES.map(arabic)) await expect(main.locator(`a[href="${route}"]`), route).toHaveText(ARABIC);
      await expect(main.locator("a")).toHaveCount(PAGES.length);
      await expect(page.getByRole("link", { name: company.name })).toHaveAttribute("href", "/ar");
      await expect(page.getByRole("button", { name: AR_WORDS.retry })).toBeVisible();
      // Right to left: the list is indented from the right.
      const list = main.getByRole("list").first();
      expect(await list.evaluate((ul) => [getComputedStyle(ul).paddingRight, getComputedStyle(ul).paddingLeft])).toEqual(["20px", "0px"]);
      expect(await axeViolations(page), "Arabic offline page").toEqual([]);
      for (const width of [360, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `no horizontal scroll at ${width} px`).toBe(true);
      }

      // Outside /ar, the English offline page.
      await page.goto(PRODUCT);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OFFLINE_HEADING);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    } finally {
      await goOnline(context);
    }
  });

  test("the Arabic offline page lists what is saved with the Arabic words: a document by its Arabic title, a page saved in English marked English", async ({ page, context }) => {
    await page.goto("/ar/contact");
    await waitForServiceWorker(page);
    await goOffline(context);
    try {
      const unvisited = arabic(PRODUCT);
      await page.goto(unvisited);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(AR_WORDS.heading);
      await page.evaluate(
        ([arabicPage, englishPage]) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open("site-saved", 1);
            open.onupgradeneeded = () => open.result.createObjectStore("items", { keyPath: "path" });
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction("items", "readwrite");
              tx.objectStore("items").put({ path: arabicPage, title: "مضخة محفوظة", kind: "product", url: arabicPage });
              tx.objectStore("items").put({ path: englishPage, title: "Saved pump", kind: "product", url: englishPage });
              const sheet = "/assets/documents/sheet.pdf";
              tx.objectStore("items").put({ path: sheet, title: "Pump data sheet", titles: { en: "Pump data sheet", ar: "صحيفة بيانات المضخة" }, kind: "document", url: sheet });
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
        [unvisited, PRODUCT],
      );
      await page.reload();
      const saved = page.getByRole("region", { name: AR_WORDS.savedHeading });
      await expect(saved.getByRole("link", { name: "مضخة محفوظة" })).toHaveAttribute("href", unvisited);
      await expect(saved.getByRole("listitem").filter({ hasText: "مضخة محفوظة" })).toHaveText(`مضخة محفوظة (${AR_WORDS.kinds.product})`);
      await expect(saved.getByRole("link", { name: "صحيفة بيانات المضخة" })).toHaveAttribute("href", "/assets/documents/sheet.pdf");
      await expect(saved.getByRole("listitem").filter({ hasText: "صحيفة بيانات المضخة" })).toHaveText(`صحيفة بيانات المضخة (${AR_WORDS.kinds.document})`);
      await expect(saved.getByRole("link", { name: "Saved pump" })).toHaveAttribute("lang", "en");
      expect(await axeViolations(page), "Arabic offline page with saved items").toEqual([]);

      // The English offline page names the same document in English.
      await page.goto(PRODUCT);
      await expect(page.getByRole("region", { name: offlineWords.savedHeading }).getByRole("link", { name: "Pump data sheet" })).toHaveAttribute("href", "/assets/documents/sheet.pdf");
      await expect(page.getByRole("link", { name: "مضخة محفوظة" })).toHaveAttribute("lang", "ar");
    } finally {
      await goOnline(context);
    }
  });
});

/**
 * A deployment of a new version without rebuilding: a second server on a copy
 * of public/ (hard links) whose sw.js has one more line, behind one address
 * (a small proxy, so the page's origin stays the same) that leads to the first
 * server, then to the second.
 */
test.describe("updates", () => {
  let proxy: http.Server;
  let target = "";
  let origin = "";
  let second: ServerProcess;
  let copy: string;
  /** The offline page's precache revision in the new version (changed: its entry is fetched again, the old one removed). */
  const NEXT_REVISION = "0123456789abcdef0123456789abcdef";
  let oldRevision = "";

  test.beforeAll(async ({ baseURL }) => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), "sw-update-"));
    fs.rmdirSync(copy);
    execFileSync("cp", ["-al", PUBLIC, copy]);
    const sw = path.join(copy, "sw.js");
    const text = fs.readFileSync(sw, "utf8");
    for (const file of [sw, `${sw}.br`, `${sw}.gz`]) fs.rmSync(file, { force: true }); // hard links: the build's own files stay as they are
    const offlineEntry = /\{"revision":"([0-9a-f]+)","url":"\/offline"\}/;
    oldRevision = offlineEntry.exec(text)?.[1] ?? "";
    expect(oldRevision).not.toBe("");
    fs.writeFileSync(sw, `${text.replace(offlineEntry, `{"revision":"${NEXT_REVISION}","url":"/offline"}`)}\n// next version\n`);
    second = await startServer({ env: { PUBLIC_DIR: copy } });

    target = baseURL as string;
    const port = await freePort();
    proxy = http.createServer((req, res) => {
      const upstream = new URL(target);
      const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on("error", () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await cleanup();
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  /** The current version controls the page; then the new one is deployed and found: it installs and waits. */
  async function newVersionWaits(page: Page, context: BrowserContext, route: string, baseURL: string) {
    target = baseURL;
    await page.goto(`${origin}${route}`);
    await waitForServiceWorker(page);
    await waitForHydration(page);
    target = second.url;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state), { timeout: SERVICE_WORKER_TIMEOUT_MS })
      .toBe("installed");
    void context;
  }

  test("a new version waits and the page offers Update; a form with text not sent keeps it waiting; the click reloads the page once", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await newVersionWaits(page, context, "/contact", baseURL as string);
    const loads = countLoads(page);
    // A run-time cache of an older version, and the saved part's cache: the first goes once the new version is active, the second stays.
    await page.evaluate(async () => {
      await (await caches.open("site-pages-0")).put("/old", new Response("old"));
      await (await caches.open("site-saved")).put("/kept", new Response("kept"));
    });
    const offer = page.getByRole("region", { name: offlineWords.update.label });
    const update = offer.getByRole("button", { name: offlineWords.update.update });
    await expect(offer.getByRole("status")).toHaveText(offlineWords.update.ready);
    // Keyboard reachable, with a visible focus.
    await update.focus();
    await expect(update).toBeFocused();
    expect(await update.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe("none");
    expect(await axeViolations(page, { include: "section.site-update" }), "update offer").toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), "no horizontal scroll at 360 px").toBe(true);
    await expect(update).toBeInViewport();

    // Text typed in the contact form and not sent: the update waits.
    const form = await formReady(page.locator('main form[data-form="contact_us"]'));
    const field = form.getByLabel("First name");
    await field.fill("Ada");
    await update.click();
    await expect(offer.getByRole("status")).toHaveText(offlineWords.update.waiting);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await expect(field).toHaveValue("Ada");
    expect(loads.count()).toBe(0);

    // The form emptied: the click applies the update, and the page reloads once, under the new version.
    await field.fill("");
    await update.click();
    await expect.poll(() => loads.count(), { timeout: SERVICE_WORKER_TIMEOUT_MS }).toBe(1);
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(navigator.serviceWorker.controller && registration?.active && !registration.waiting && !registration.installing);
      }))
      .toBe(true);
    await expect(offer).toHaveCount(0);
    // Old caches removed, the others' kept; the precache holds the new version's entry only.
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain("site-pages-0");
    expect(await page.evaluate(() => caches.keys())).toContain("site-saved");
    const offlineKeys = await page.evaluate(async () => {
      const keys: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) if (new URL(request.url).pathname === "/offline") keys.push(request.url);
      return keys;
    });
    expect(offlineKeys.some((url) => url.endsWith(`__WB_REVISION__=${NEXT_REVISION}`))).toBe(true);
    expect(offlineKeys.filter((url) => url.includes(oldRevision))).toEqual([]);
    expect(loads.count()).toBe(1);
  });

  test("on an Arabic page the offer speaks Arabic and reads from the right", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await newVersionWaits(page, context, "/ar/contact", baseURL as string);
    const offer = page.getByRole("region", { name: AR_WORDS.update.label });
    await expect(offer.getByRole("status")).toHaveText(AR_WORDS.update.ready);
    const update = offer.getByRole("button", { name: AR_WORDS.update.update });
    const later = offer.getByRole("button", { name: AR_WORDS.update.later });
    await expect(update).toBeVisible();
    await expect(later).toBeVisible();
    expect(await offer.evaluate((bar) => getComputedStyle(bar).direction)).toBe("rtl");
    // Its row reads from the right: "Update" right of "Later".
    const [updateBox, laterBox] = [await update.boundingBox(), await later.boundingBox()];
    expect((updateBox?.x ?? 0) > (laterBox?.x ?? 0)).toBe(true);
    expect(await axeViolations(page, { include: "section.site-update" }), "Arabic update offer").toEqual([]);
    // The bar fits a 360 px screen. (The page's own width at 360 px is the Arabic layout's test, not this one's.)
    await page.setViewportSize({ width: 360, height: 740 });
    const bar = await offer.boundingBox();
    expect(bar && bar.x >= 0 && bar.x + bar.width <= 360, "the bar within 360 px").toBe(true);
    await expect(update).toBeInViewport();
    await later.click();
    await expect(offer).toBeHidden();
  });

  test("a new version that waits is applied at the next navigation inside the site", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await newVersionWaits(page, context, "/contact", baseURL as string);
    await expect(page.getByRole("button", { name: offlineWords.update.update })).toBeVisible();
    const loads = countLoads(page);
    // A link of the site, followed by Gatsby's router (no page load of its own).
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/enquiry"));
    await expect.poll(() => loads.count(), { timeout: SERVICE_WORKER_TIMEOUT_MS }).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/enquiry");
    await waitForHydration(page);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(loads.count()).toBe(1);
  });
});

test.describe("web app manifest", () => {
  test("sw.js is revalidated at every check, never kept as a hashed file", async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  test("valid in each language, with its names, start address, direction, standalone display, theme colour and 192 and 512 px icons; named by every page of its language", async ({ request }) => {
    const manifests = [
      { lang: "en", href: "/manifest.webmanifest", start: "/", dir: "ltr", description: company.description },
      { lang: "ar", href: "/manifest.ar.webmanifest", start: "/ar", dir: "rtl", description: companyAr.description },
    ];
    for (const expected of manifests) {
      const response = await request.get(expected.href);
      expect(response.status(), expected.href).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(await response.text()) as {
        id: string;
        name: string;
        short_name: string;
        description: string;
        lang: string;
        dir: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({
        id: expected.start,
        name: company.name,
        short_name: company.shortName,
        description: expected.description,
        lang: expected.lang,
        dir: expected.dir,
        start_url: expected.start,
        display: "standalone",
      });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      for (const size of [192, 512]) expect(manifest.icons.some((icon) => icon.sizes === `${size}x${size}` && (icon.purpose ?? "any").split(" ").includes("any")), `${size} px icon`).toBe(true);
      for (const icon of manifest.icons) {
        const file = await request.get(icon.src);
        expect(file.status(), icon.src).toBe(200);
        expect(file.headers()["content-type"], icon.src).toBe("image/png");
        const png = await file.body();
        expect(png.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }

    const themeColor = JSON.parse(await (await request.get("/manifest.webmanifest")).text()).theme_color as string;
    for (const route of sitemapRoutes()) {
      const html = await (await request.get(route)).text();
      const href = route === "/ar" || route.startsWith("/ar/") ? "/manifest.ar.webmanifest" : "/manifest.webmanifest";
      expect(html, route).toContain(`<link rel="manifest" href="${href}"`);
      expect(html, route).toContain(`<meta name="theme-color" content="${themeColor}"`);
    }
  });
});
