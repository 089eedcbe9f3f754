/**
 * Saving, removing and refreshing saved items (src/offline/saved/store.ts)
 * against an in-memory Cache Storage, index and server: what is stored, what
 * a removal keeps for the other items, and what a new build does to them.
 */
import type { SaveList } from "../../src/offline/saved/list";
import { PAGES_CACHE, SAVE_LIST_URL, SAVED_CACHE } from "../../src/offline/saved/names";
import { markAllStale, refreshStale, removeItem, saveItem, type SavedDeps, type SavedIndex, type SavedItem } from "../../src/offline/saved/store";

const ORIGIN = "https://site.test";
const key = (input: RequestInfo | URL) => new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, ORIGIN).pathname;

/** Just enough of Cache for the store: match, put, delete, keys. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(key(request), response);
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(key(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(new URL(url, ORIGIN)));
  }
  async text(url: string): Promise<string | undefined> {
    return this.entries.get(url)?.clone().text();
  }
}

class MemoryCaches {
  readonly caches = new Map<string, MemoryCache>();
  async open(name: string): Promise<MemoryCache> {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name) as MemoryCache;
  }
  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }
}

class MemoryIndex implements SavedIndex {
  readonly items = new Map<string, SavedItem>();
  async all() {
    return [...this.items.values()].map((item) => structuredClone(item));
  }
  async get(path: string) {
    const item = this.items.get(path);
    return item && structuredClone(item);
  }
  async put(item: SavedItem) {
    this.items.set(item.path, structuredClone(item));
  }
  async delete(path: string) {
    this.items.delete(path);
  }
}

/** A site: its files by path (the list among them), every fetch counted; offline, every fetch fails. */
class Site {
  files = new Map<string, string>();
  fetched: string[] = [];
  offline = false;
  failing = new Set<string>();
  fetch = async (input: string): Promise<Response> => {
    if (this.offline) throw new TypeError("Failed to fetch");
    const path = key(input);
    this.fetched.push(path);
    const body = this.failing.has(path) ? undefined : this.files.get(path);
    return body === undefined ? new Response("missing", { status: 404 }) : new Response(body, { status: 200, headers: { "Content-Type": "text/plain", Vary: "Accept-Encoding" } });
  };
  publish(list: SaveList, files: Record<string, string>): void {
    this.files = new Map(Object.entries(files));
    this.files.set(SAVE_LIST_URL, JSON.stringify(list));
  }
}

const picture = (name: string) => ({
  sources: [{ type: "image/avif", urls: [`/static/${name}/200.avif`, `/static/${name}/800.avif`] }],
  fallback: [`/static/${name}/200.png`, `/static/${name}/800.png`],
});

const SCRIPT_1 = "/app-11111111111111111111.js";
const SCRIPT_2 = "/app-22222222222222222222.js";

function buildOne(): { list: SaveList; files: Record<string, string> } {
  const list: SaveList = {
    build: "b1",
    products: [
      { path: "/pump", title: "Pump", files: ["/pump", "/page-data/pump/page-data.json", SCRIPT_1, "/assets/catalog/pump.pdf"], pictures: [picture("p")] },
      { path: "/valve", title: "Valve", files: ["/valve", "/page-data/valve/page-data.json", SCRIPT_1, "/assets/catalog/valve.pdf"], pictures: [picture("v")] },
    ],
    documents: [{ url: "/assets/catalog/pump.pdf", title: "Pump catalogue" }],
  };
  const files: Record<string, string> = {};
  for (const product of list.products) for (const url of [...product.files, ...product.pictures.flatMap((p) => [...p.sources[0].urls, ...p.fallback])]) files[url] = `${url} of build 1`;
  return { list, files };
}

let site: Site;
let caches: MemoryCaches;
let index: MemoryIndex;
let deps: SavedDeps;

beforeEach(() => {
  site = new Site();
  const { list, files } = buildOne();
  site.publish(list, files);
  caches = new MemoryCaches();
  index = new MemoryIndex();
  deps = { caches: caches as unknown as CacheStorage, fetch: site.fetch, index, now: () => 1_000 };
});

const saved = async () => (await caches.open(SAVED_CACHE)).entries;

describe("saving", () => {
  it("stores a product's files with the pictures of one format, and records it in the index", async () => {
    const item = await saveItem(deps, "product", "/pump", "image/avif");
    const files = ["/pump", "/page-data/pump/page-data.json", SCRIPT_1, "/assets/catalog/pump.pdf", "/static/p/200.avif", "/static/p/800.avif"];
    expect([...(await saved()).keys()].sort()).toEqual([...files].sort());
    expect(await (await caches.open(SAVED_CACHE)).text("/pump")).toBe("/pump of build 1");
    const bytes = files.reduce((sum, url) => sum + `${url} of build 1`.length, 0);
    expect(item).toEqual({ path: "/pump", title: "Pump", kind: "product", url: "/pump", bytes, savedAt: 1_000, files, build: "b1", imageType: "image/avif" });
    expect(await index.get("/pump")).toEqual(item);
    // Matched by URL alone.
    expect((await saved()).get("/pump")?.headers.get("Vary")).toBeNull();
  });

  it("stores a document's own file", async () => {
    const item = await saveItem(deps, "document", "/assets/catalog/pump.pdf", "");
    expect(item).toMatchObject({ path: "/assets/catalog/pump.pdf", url: "/assets/catalog/pump.pdf", kind: "document", title: "Pump catalogue", files: ["/assets/catalog/pump.pdf"] });
    expect([...(await saved()).keys()]).toEqual(["/assets/catalog/pump.pdf"]);
  });

  it("stores nothing when a file cannot be fetched", async () => {
    site.failing.add("/assets/catalog/pump.pdf");
    await expect(saveItem(deps, "product", "/pump", "image/avif")).rejects.toThrow("/assets/catalog/pump.pdf: 404");
    expect((await saved()).size).toBe(0);
    expect(await index.all()).toEqual([]);
  });

  it("refuses what the build does not list", async () => {
    await expect(saveItem(deps, "product", "/gone", "")).rejects.toThrow("not in this build");
  });
});

describe("removing", () => {
  it("removes the item and its own files, and keeps the files another saved item needs", async () => {
    await saveItem(deps, "product", "/pump", "image/avif");
    await saveItem(deps, "product", "/valve", "image/avif");
    await saveItem(deps, "document", "/assets/catalog/pump.pdf", "");
    await removeItem(deps, "/pump");
    const keys = [...(await saved()).keys()];
    expect(await index.get("/pump")).toBeUndefined();
    expect(keys).not.toContain("/pump");
    expect(keys).not.toContain("/static/p/800.avif");
    // The shared script (valve) and the PDF saved on its own stay.
    expect(keys).toEqual(expect.arrayContaining([SCRIPT_1, "/assets/catalog/pump.pdf", "/valve"]));

    await removeItem(deps, "/valve");
    await removeItem(deps, "/assets/catalog/pump.pdf");
    expect((await saved()).size).toBe(0);
    expect(await index.all()).toEqual([]);
  });

  it("takes the removed page out of the service worker's pages cache too, and leaves the other pages there", async () => {
    await saveItem(deps, "product", "/pump", "image/avif");
    const pages = await caches.open(PAGES_CACHE);
    for (const url of ["/pump", "/page-data/pump/page-data.json", "/valve", SCRIPT_1]) await pages.put(url, new Response("visited"));
    await removeItem(deps, "/pump");
    expect([...pages.entries.keys()].sort()).toEqual([SCRIPT_1, "/valve"].sort());
  });
});

describe("a new build", () => {
  /** Build 2: the pump page and PDF changed, a new app script, the valve gone from the catalogue. */
  function publishBuildTwo() {
    const { list, files } = buildOne();
    list.build = "b2";
    list.products = [{ ...list.products[0], files: list.products[0].files.map((url) => (url === SCRIPT_1 ? SCRIPT_2 : url)) }];
    const next: Record<string, string> = {};
    for (const [url, body] of Object.entries(files)) if (!url.startsWith("/valve") && !url.includes("/valve/") && url !== SCRIPT_1) next[url] = url.startsWith("/static/") ? body : body.replace("build 1", "build 2");
    next[SCRIPT_2] = "new app";
    site.publish(list, next);
  }

  beforeEach(async () => {
    await saveItem(deps, "product", "/pump", "image/avif");
    await saveItem(deps, "product", "/valve", "image/avif");
  });

  it("fetches every saved item again: new files stored, files no longer listed removed, pictures unchanged kept without a fetch", async () => {
    publishBuildTwo();
    site.fetched = [];
    await markAllStale(deps);
    const result = await refreshStale(deps);
    expect(result).toEqual({ refreshed: ["/pump"], dropped: ["/valve"], failed: [] });
    const cache = await caches.open(SAVED_CACHE);
    expect(await cache.text("/pump")).toBe("/pump of build 2");
    expect(await cache.text("/assets/catalog/pump.pdf")).toBe("/assets/catalog/pump.pdf of build 2");
    expect(await cache.text(SCRIPT_2)).toBe("new app");
    const keys = [...cache.entries.keys()];
    expect(keys).not.toContain(SCRIPT_1);
    expect(keys.some((url) => url.includes("valve") || url.includes("/v/"))).toBe(false);
    expect(site.fetched.filter((url) => url.startsWith("/static/"))).toEqual([]);
    const pump = (await index.get("/pump")) as SavedItem;
    expect(pump).toMatchObject({ build: "b2", savedAt: 1_000 });
    expect(pump.stale).toBeFalsy();
    expect(pump.files).toContain(SCRIPT_2);
    expect(await index.get("/valve")).toBeUndefined();
  });

  it("offline at activation: keeps every item and its files, and does it on the next try", async () => {
    publishBuildTwo();
    await markAllStale(deps);
    site.offline = true;
    const before = new Map(await saved());
    await expect(refreshStale(deps)).rejects.toThrow("Failed to fetch");
    expect([...(await saved()).keys()]).toEqual([...before.keys()]);
    expect((await index.all()).every((item) => item.stale)).toBe(true);

    site.offline = false;
    expect(await refreshStale(deps)).toEqual({ refreshed: ["/pump"], dropped: ["/valve"], failed: [] });
    expect((await index.all()).some((item) => item.stale)).toBe(false);
  });

  it("an item that cannot be fetched keeps its old files and stays stale; the others are refreshed", async () => {
    publishBuildTwo();
    site.failing.add("/assets/catalog/pump.pdf");
    await markAllStale(deps);
    expect(await refreshStale(deps)).toEqual({ refreshed: [], dropped: ["/valve"], failed: ["/pump"] });
    const cache = await caches.open(SAVED_CACHE);
    expect(await cache.text("/pump")).toBe("/pump of build 1");
    expect(await cache.text(SCRIPT_1)).toBe(`${SCRIPT_1} of build 1`);
    expect(await index.get("/pump")).toMatchObject({ build: "b1", stale: true });
  });

  it("does nothing, not even fetch the list, when no item is stale", async () => {
    site.fetched = [];
    expect(await refreshStale(deps)).toEqual({ refreshed: [], dropped: [], failed: [] });
    expect(site.fetched).toEqual([]);
  });
});
