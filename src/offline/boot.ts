/**
 * The one part of the offline support on every page's first load: once the
 * page has loaded and then been quiet for a moment, fetches the rest
 * (register.ts, its own chunk), which registers the service worker. The
 * worker's first install downloads its precache (about 300 KB over the
 * network): waiting until the page is idle keeps that from competing with
 * what the page itself still loads on a slow link (its pictures, its
 * scripts started after the first paint).
 */
/** How long after the load event the registration waits before it asks for an idle moment. */
const AFTER_LOAD_MS = 3000;
/** The longest it then waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

export function bootOffline(): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  const start = () => {
    void import(/* webpackChunkName: "offline" */ "./register").then((m) => m.registerOffline()).catch(() => undefined);
  };
  const later = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      else start();
    }, AFTER_LOAD_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
