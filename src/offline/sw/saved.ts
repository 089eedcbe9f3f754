/// <reference lib="webworker" />
/**
 * Products and documents saved for offline use, in the service worker:
 *
 * - when a new build goes live (this worker activates), every saved item is
 *   fetched again from the build's list (src/offline/saved/store.ts
 *   refreshStale): files the list no longer names are removed, and an item
 *   whose product or document left the catalogue is dropped. An item that
 *   cannot be fetched (offline) keeps its old files and is tried again on
 *   the worker's next start, or on Background Sync where the browser has it.
 *   Activation waits for the refresh at most ACTIVATE_WAIT_MS (pages wait
 *   for activation), then it goes on in the background.
 * - a request the other routes leave to the network and that fails (a saved
 *   PDF, say) is answered from the saved files.
 */
import { SAVED_CACHE } from "../saved/names";
import { savedIndex } from "../saved/index-db";
import { markAllStale, refreshStale, type SavedDeps } from "../saved/store";

/** The Background Sync tag of a refresh that failed. */
export const REFRESH_SYNC_TAG = "site-saved-refresh";
/** The longest activation waits for the refresh of saved items. */
const ACTIVATE_WAIT_MS = 5000;
/** How long a request waits for the network before a saved copy answers it. */
const NETWORK_WAIT_MS = 4000;

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function installSaved(scope: ServiceWorkerGlobalScope): void {
  const deps = (): SavedDeps => ({ caches: scope.caches, fetch: (input, init) => scope.fetch(input, init), index: savedIndex() });

  const refresh = () =>
    refreshStale(deps())
      .then((result) => {
        if (result.failed.length > 0) throw new Error("some saved items could not be refreshed");
      })
      .catch(() => (scope.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(REFRESH_SYNC_TAG))
      .catch(() => undefined);

  // Nothing to do, and no database to open, where nothing was ever saved.
  const whenSaved = (task: () => Promise<unknown>) => scope.caches.has(SAVED_CACHE).then((has) => has && task());

  scope.addEventListener("activate", (event) => {
    const done = whenSaved(() => markAllStale(deps()).then(refresh));
    event.waitUntil(Promise.race([done, new Promise((wait) => setTimeout(wait, ACTIVATE_WAIT_MS))]).catch(() => undefined));
  });

  scope.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    // A failure makes the browser try the sync again later.
    const retry = () =>
      refreshStale(deps()).then((result) => {
        if (result.failed.length > 0) throw new Error("some saved items could not be refreshed");
      });
    if (sync.tag === REFRESH_SYNC_TAG) sync.waitUntil(whenSaved(retry));
  });

  // On each start: a refresh an earlier start could not finish.
  void whenSaved(refresh).catch(() => undefined);

  scope.addEventListener("fetch", (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== scope.location.origin || /^\/api(\/|$)/.test(url.pathname)) return;
    if (request.destination === "video" || request.destination === "audio") return;
    // A request the browser may only answer from its HTTP cache (developer tools) cannot be fetched again here.
    if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
    try {
      event.respondWith(networkOrSaved(scope, request));
    } catch {
      // Answered already by the site's routes (caching.ts), which look in every cache.
    }
  });
}

/** The saved copy of a request (a page by its path, whatever its query). */
async function savedCopy(scope: ServiceWorkerGlobalScope, request: Request): Promise<Response | undefined> {
  if (!(await scope.caches.has(SAVED_CACHE))) return undefined;
  const cache = await scope.caches.open(SAVED_CACHE);
  return cache.match(request, { ignoreVary: true, ignoreSearch: request.mode === "navigate" });
}

/** The network's answer; when it fails, or is slow and a saved copy exists, the saved copy. */
function networkOrSaved(scope: ServiceWorkerGlobalScope, request: Request): Promise<Response> {
  const network = scope.fetch(request);
  return new Promise((resolve, reject) => {
    let settled = false;
    const answer = (response: Response) => {
      settled = true;
      resolve(response);
    };
    network.then(answer, async (error) => {
      if (settled) return;
      const saved = await savedCopy(scope, request).catch(() => undefined);
      if (saved) answer(saved);
      else reject(error);
    });
    setTimeout(() => {
      if (!settled)
        void savedCopy(scope, request)
          .then((saved) => saved && !settled && answer(saved))
          .catch(() => undefined);
    }, NETWORK_WAIT_MS);
  });
}
