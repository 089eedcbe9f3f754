/**
 * Saving, removing and refreshing items kept for offline use: their files in
 * Cache Storage ("site-saved"), one record per item in IndexedDB (index-db.ts).
 * Shared by the page (client.ts) and the service worker (../sw/saved.ts); the
 * browser parts come in as `SavedDeps`, so the logic runs under test with
 * fakes.
 *
 * A file several items need (the scripts every product page runs, a PDF saved
 * with its product and from /downloads) is stored once and removed only with
 * the last item that needs it. Every change runs under one Web Lock, so a
 * save in a page and a refresh in the service worker do not interleave.
 */
import { isImmutable, planItem, type SaveList, type SavedKind } from "./list";
import { PAGES_CACHE, SAVE_LIST_URL, SAVED_CACHE } from "./names";
import type { Lang } from "../../shared/i18n/lang";

/** One saved item, as the index holds it (the offline page lists these). */
export interface SavedItem {
  /** The key: the page's path (/<slug>) or the document's URL. */
  path: string;
  /** Its name: a product's in the language of its page (/ar/<slug>: Arabic), a document's as the English library names it. */
  title: string;
  /** A document's name in each language (the same file is saved from /downloads and /ar/downloads): the offline page shows its own language's. */
  titles?: Partial<Record<Lang, string>>;
  kind: SavedKind;
  /** Where it opens. */
  url: string;
  /** What its files take, together. */
  bytes: number;
  savedAt: number;
  files: string[];
  /** The build its files come from (webpack compilation hash). */
  build: string;
  /** The picture format this browser takes (list.ts pictureFiles), kept for refreshes. */
  imageType: string;
  /** Set when a new build went live and the item has not been fetched again from it yet. */
  stale?: boolean;
}

export interface SavedIndex {
  all(): Promise<SavedItem[]>;
  get(path: string): Promise<SavedItem | undefined>;
  put(item: SavedItem): Promise<void>;
  delete(path: string): Promise<void>;
}

export interface SavedDeps {
  caches: CacheStorage;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  index: SavedIndex;
  /** Runs `task` alone among the site's tabs and service worker (Web Locks); without them, at once. */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  now?: () => number;
}

/** Web Locks where the browser has them. */
export function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(SAVED_CACHE, task) as Promise<T>) : task();
}

const run = <T>(deps: SavedDeps, task: () => Promise<T>) => (deps.exclusive ?? webLock)(task);

/** The build's list, fresh from the network. */
export async function fetchSaveList(deps: SavedDeps): Promise<SaveList> {
  const response = await deps.fetch(SAVE_LIST_URL, { cache: "no-store" });
  if (!response.ok) throw new Error(`save list: ${response.status}`);
  return (await response.json()) as SaveList;
}

/** The header naming a stored file's size, so a refresh that keeps the file knows it without reading it. */
const SIZE_HEADER = "X-Saved-Bytes";

/** A response fit for the cache: the body read (its size counted), no Vary (matched by URL alone). */
async function storable(response: Response): Promise<{ response: Response; bytes: number }> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.delete("Vary");
  headers.set(SIZE_HEADER, String(body.size));
  return { response: new Response(body, { status: 200, statusText: response.statusText, headers }), bytes: body.size };
}

/**
 * Fetches `files` (all of them, or an error: nothing is stored from a
 * partial download). A content-named file the cache holds already is kept,
 * not fetched again.
 */
async function download(deps: SavedDeps, cache: Cache, files: string[]): Promise<{ fetched: Map<string, Response>; bytes: number }> {
  const fetched = new Map<string, Response>();
  let bytes = 0;
  const queue = [...files];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const kept = isImmutable(url) ? await cache.match(url) : undefined;
      if (kept) {
        bytes += Number(kept.headers.get(SIZE_HEADER) ?? (await kept.blob()).size);
        continue;
      }
      const response = await deps.fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      const stored = await storable(response);
      fetched.set(url, stored.response);
      bytes += stored.bytes;
    }
  };
  // A few at a time: enough to fill a link, not so many that a slow one holds the others.
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { fetched, bytes };
}

/** Removes from the cache the files of `files` that no item of the index needs; returns them. */
async function dropUnneeded(deps: SavedDeps, cache: Cache, files: Iterable<string>): Promise<string[]> {
  const needed = new Set((await deps.index.all()).flatMap((item) => item.files));
  const dropped = [...files].filter((url) => !needed.has(url));
  for (const url of dropped) await cache.delete(url);
  return dropped;
}

/** Stores an item's files from `list` and records it; returns the record. */
async function store(deps: SavedDeps, list: SaveList, kind: SavedKind, path: string, imageType: string, previous?: SavedItem): Promise<SavedItem | undefined> {
  const plan = planItem(list, kind, path, imageType);
  if (!plan) return undefined;
  const cache = await deps.caches.open(SAVED_CACHE);
  const { fetched, bytes } = await download(deps, cache, plan.files);
  for (const [url, response] of fetched) await cache.put(url, response);
  const item: SavedItem = { path, title: plan.title, ...(plan.titles && { titles: plan.titles }), kind, url: path, bytes, savedAt: previous?.savedAt ?? (deps.now ?? Date.now)(), files: plan.files, build: list.build, imageType };
  await deps.index.put(item);
  if (previous) await dropUnneeded(deps, cache, previous.files.filter((url) => !plan.files.includes(url)));
  return item;
}

/** Saves a product page (`/slug`) or a document (its URL) from the current build. */
export async function saveItem(deps: SavedDeps, kind: SavedKind, path: string, imageType: string): Promise<SavedItem> {
  const list = await fetchSaveList(deps);
  return run(deps, async () => {
    const item = await store(deps, list, kind, path, imageType, await deps.index.get(path));
    if (!item) throw new Error(`${path} is not in this build's list`);
    return item;
  });
}

async function remove(deps: SavedDeps, path: string): Promise<void> {
  const item = await deps.index.get(path);
  if (!item) return;
  await deps.index.delete(path);
  const dropped = await dropUnneeded(deps, await deps.caches.open(SAVED_CACHE), item.files);
  // The visit that saved the page left a copy in the run-time pages cache: the removed page is not kept there either.
  if (await deps.caches.has(PAGES_CACHE)) {
    const pages = await deps.caches.open(PAGES_CACHE);
    for (const url of dropped) if (!isImmutable(url)) await pages.delete(url, { ignoreVary: true });
  }
}

/** Removes an item: its record, and its files unless another saved item needs them. */
export function removeItem(deps: SavedDeps, path: string): Promise<void> {
  return run(deps, () => remove(deps, path));
}

/** Marks every item as due for a refresh (a new build is live). */
export function markAllStale(deps: SavedDeps): Promise<void> {
  return run(deps, async () => {
    for (const item of await deps.index.all()) if (!item.stale) await deps.index.put({ ...item, stale: true });
  });
}

export interface RefreshResult {
  refreshed: string[];
  /** Items whose product or document left the build: removed. */
  dropped: string[];
  /** Items that could not be fetched again (kept as they were, still stale). */
  failed: string[];
}

/**
 * Fetches every stale item again from the build's list (a new build went
 * live): files the list no longer names are removed, an item the list no
 * longer has is removed, and an item that cannot be fetched keeps its old
 * files and stays stale for the next try. Without the list (offline),
 * nothing changes and the promise rejects.
 */
export async function refreshStale(deps: SavedDeps): Promise<RefreshResult> {
  const result: RefreshResult = { refreshed: [], dropped: [], failed: [] };
  if (!(await deps.index.all()).some((item) => item.stale)) return result;
  const list = await fetchSaveList(deps);
  return run(deps, async () => {
    for (const item of await deps.index.all()) {
      if (!item.stale) continue;
      try {
        const fresh = await store(deps, list, item.kind, item.path, item.imageType, item);
        if (fresh) result.refreshed.push(item.path);
        else {
          await remove(deps, item.path);
          result.dropped.push(item.path);
        }
      } catch {
        result.failed.push(item.path);
      }
    }
    // Files no item names (left by an interrupted change) go too.
    const cache = await deps.caches.open(SAVED_CACHE);
    await dropUnneeded(deps, cache, (await cache.keys()).map((request) => new URL(request.url).pathname));
    return result;
  });
}
