/**
 * The one part of the offline support on every page's first load: once the
 * page has loaded, fetches the rest (register.ts, its own chunk), which
 * registers the service worker. Nothing here runs before the load event.
 */
export function bootOffline(): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  const start = () => {
    void import(/* webpackChunkName: "offline" */ "./register").then((m) => m.registerOffline()).catch(() => undefined);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
