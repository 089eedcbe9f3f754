/// <reference lib="webworker" />
/**
 * The service worker's caches:
 *
 * - the precache: the list workbox-build injects (scripts/build/service-worker.mjs):
 *   this build's runtime scripts, app data, the home, contact, enquiry and
 *   category pages with their page data, and the offline page;
 * - pages (navigations) and page data: network first, given up after
 *   NETWORK_TIMEOUT_SECONDS, then any cache (a page seen before, a saved one,
 *   the precache), then, for a page, the offline page;
 * - hashed scripts and styles, and the other files under /static/: cache first;
 * - images: cache first, at most IMAGE_ENTRIES for at most IMAGE_MAX_AGE;
 * - documents (data sheets, manuals): from the network, and when it fails
 *   from any cache (a saved one); never cached here;
 * - nothing under /api (the outbox handles the forms' requests itself) and no
 *   video (the browser asks for ranges of them) is touched.
 *
 * A new version waits: it takes over only when a page asks it to
 * (SKIP_WAITING, sent by src/offline/update-offer.ts); once active it removes
 * the old precache and the run-time caches of an older version (never a cache
 * it does not own, such as the saved items' "site-saved").
 */
import { ExpirationPlugin } from "workbox-expiration";
import { addRoute, cleanupOutdatedCaches, getCacheKeyForURL, precache } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { langOfPath, type Lang } from "../../shared/i18n/lang";

declare const self: ServiceWorkerGlobalScope;
/**
 * The twins of the precached pages in another language (/ar, /ar/contact...,
 * with their page data), written in by the build (scripts/build/precache-list.cjs
 * twinList): cached in a cache of their own, named after their version, once a
 * page of that language is open. They do not fit in the precache beside the
 * English pages, and an English visitor needs none of them.
 */
declare const __LANG_PAGES__: Partial<Record<Lang, { cache: string; urls: string[] }>>;

/** The run-time caches of this version. A change that makes their entries unusable gives them a new name (e.g. "site-pages-2"). */
export const RUNTIME_CACHES = { pages: "site-pages", assets: "site-assets", images: "site-images" } as const;
/** Every name this worker's run-time caches ever had or will have: those not in RUNTIME_CACHES (nor LANG_PAGES) are removed once a new version is active. */
const OWNED_RUNTIME_CACHE = /^site-(pages|assets|images|lang)(-[\w.-]+)?$/;
/** The precached pages' twins in each language but English (none in a worker bundled without them). */
const LANG_PAGES = typeof __LANG_PAGES__ === "undefined" ? {} : __LANG_PAGES__;

/** The message a page sends to let the waiting version take over. */
export const SKIP_WAITING = "SKIP_WAITING";
/** The page shown for a page that is in no cache while the network is down, in the page's language (scripts/build/precache-list.cjs OFFLINE_PAGES). */
export const OFFLINE_PAGES: Readonly<Record<Lang, string>> = { en: "/offline", ar: "/ar/offline" };

export const NETWORK_TIMEOUT_SECONDS = 4;
const PAGE_ENTRIES = 80;
const ASSET_ENTRIES = 250;
const IMAGE_ENTRIES = 200;
const IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const DOCUMENT = /\.(pdf|docx?|xlsx?|pptx?|zip|dwg|dxf|stp|step|igs)$/i;
const VIDEO = /\.(mp4|webm|ogv|mov|m4v)$/i;
const IMAGE = /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i;
const HASHED = /[-.][0-9a-f]{16,}\.(js|css)$/;

/** Requests no route of this worker handles: the API, videos, and the content editor (/admin: never cached, never offline). */
export function isUntouched(url: URL): boolean {
  return (
    url.pathname === "/api" ||
    url.pathname.startsWith("/api/") ||
    url.pathname === "/admin" ||
    url.pathname.startsWith("/admin/") ||
    url.pathname.startsWith("/videos/") ||
    VIDEO.test(url.pathname)
  );
}

/** A response for `request` from any cache of the site but `except` (pages seen before, saved items, the precache). */
async function fromAnyCache(request: Request, except?: string): Promise<Response | undefined> {
  const url = new URL(request.url);
  const keys = url.search ? [request, `${url.origin}${url.pathname}`] : [request];
  for (const name of await caches.keys()) {
    if (name === except) continue;
    const cache = await caches.open(name);
    for (const key of keys) {
      const hit = await cache.match(key, { ignoreVary: true });
      if (hit) return hit;
    }
  }
  // The precache keeps files whose name carries no hash under a key with their revision.
  const precached = getCacheKeyForURL(url.pathname);
  return precached ? caches.match(precached) : undefined;
}

/** A cache miss of a strategy is looked up in every other cache. */
const anyCache = (cacheName: string): WorkboxPlugin => ({
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await fromAnyCache(request, cacheName)) ?? null,
});

/** A page that could not be had from the network nor from a cache: the offline page. */
const offlinePage: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    if (request.mode !== "navigate") return undefined;
    const page = OFFLINE_PAGES[langOfPath(new URL(request.url).pathname)];
    return (await fromAnyCache(new Request(new URL(page, self.location.origin).href))) ?? fromAnyCache(new Request(new URL(OFFLINE_PAGES.en, self.location.origin).href));
  },
};

/** Once the new version is active: the run-time caches of older versions go (the precache's are removed by cleanupOutdatedCaches and the precache itself). */
async function removeOldRuntimeCaches(): Promise<void> {
  const current = new Set<string>([...Object.values(RUNTIME_CACHES), ...Object.values(LANG_PAGES).map((twins) => twins.cache)]);
  for (const name of await caches.keys()) if (OWNED_RUNTIME_CACHE.test(name) && !current.has(name)) await caches.delete(name);
}

/** The languages whose twins are being cached or are cached (once per start of the worker; the cache itself says what is done). */
const warming = new Map<Lang, Promise<void>>();

/** Caches the precached pages' twins in `lang` that its cache does not hold yet; a failure (offline) is tried again at the next page of that language. */
export function cacheLangPages(lang: Lang): Promise<void> {
  const twins = LANG_PAGES[lang];
  if (!twins) return Promise.resolve();
  let task = warming.get(lang);
  if (!task) {
    task = (async () => {
      const cache = await caches.open(twins.cache);
      const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
      for (const url of twins.urls) {
        if (held.has(url)) continue;
        const response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        await cache.put(url, response);
      }
    })().catch(() => void warming.delete(lang));
    warming.set(lang, task);
  }
  return task;
}

export function installCaching(scope: ServiceWorkerGlobalScope): void {
  const sameOrigin = (url: URL) => url.origin === scope.location.origin;

  scope.addEventListener("message", (event) => {
    if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void scope.skipWaiting();
  });
  scope.addEventListener("activate", (event) => {
    event.waitUntil(
      Promise.all([
        removeOldRuntimeCaches(),
        // The page's request starts while the worker starts: a network-first page waits less.
        scope.registration.navigationPreload?.enable().catch(() => undefined),
      ]),
    );
    // The pages open in another language (the first visit's page, which the worker does not control yet): their twins, in the background.
    void scope.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((clients) => {
        for (const client of clients) if (sameOrigin(new URL(client.url))) void cacheLangPages(langOfPath(new URL(client.url).pathname));
      })
      .catch(() => undefined);
  });
  // A page of another language: its language's twins of the precached pages, in the background (not delaying the page).
  scope.addEventListener("fetch", (event) => {
    const url = new URL(event.request.url);
    if (event.request.mode !== "navigate" || !sameOrigin(url)) return;
    const lang = langOfPath(url.pathname);
    if (LANG_PAGES[lang]) event.waitUntil(cacheLangPages(lang));
  });

  cleanupOutdatedCaches();
  // `self.__WB_MANIFEST` as written: workbox-build replaces this very text with the list.
  precache(self.__WB_MANIFEST);

  const pages = new NetworkFirst({
    cacheName: RUNTIME_CACHES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: PAGE_ENTRIES, purgeOnQuotaError: true }), anyCache(RUNTIME_CACHES.pages), offlinePage],
  });
  // Pages: every navigation inside the site but to a document, a video or the API.
  registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url) && !isUntouched(url) && !DOCUMENT.test(url.pathname), pages);
  // Page data (Gatsby's page-data.json, app-data.json, the static queries' results).
  registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith("/page-data/") && url.pathname.endsWith(".json"), pages);

  // Documents: from the network; from a cache (saved) only when it fails.
  registerRoute(
    ({ url }) => sameOrigin(url) && !isUntouched(url) && DOCUMENT.test(url.pathname),
    new NetworkOnly({ plugins: [{ handlerDidError: async ({ request }) => fromAnyCache(request) }] }),
  );

  // The precache's scripts (its pages and page data are served by the routes above, network first).
  addRoute({ cleanURLs: false, directoryIndex: null });

  registerRoute(
    ({ request, url }) => sameOrigin(url) && !isUntouched(url) && (request.destination === "image" || IMAGE.test(url.pathname)),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.images,
      plugins: [
        new ExpirationPlugin({ maxEntries: IMAGE_ENTRIES, maxAgeSeconds: IMAGE_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
        anyCache(RUNTIME_CACHES.images),
      ],
    }),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && !isUntouched(url) && !DOCUMENT.test(url.pathname) && (url.pathname.startsWith("/static/") || HASHED.test(url.pathname)),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.assets,
      plugins: [new ExpirationPlugin({ maxEntries: ASSET_ENTRIES, purgeOnQuotaError: true }), anyCache(RUNTIME_CACHES.assets)],
    }),
  );
}
