/**
 * The page's side of the outbox, started once the service worker is
 * registered (after the page's load event). Kept small, as it runs on every
 * page: it asks the worker to send what waits (now, and whenever the page
 * goes online), and fetches the outbox's own module (page.tsx: the indicator
 * under the header) only once the worker says something is kept. The
 * messages' names are written out (those of messages.ts): a module more would
 * cost every page more bytes.
 */

export function startOutbox(registration: ServiceWorkerRegistration): void {
  const serviceWorker = navigator.serviceWorker;
  const ask = (networkBack: boolean) => {
    const worker = serviceWorker.controller || registration.active;
    if (worker) worker.postMessage({ type: "site-outbox:replay", networkBack }); // REPLAY_MESSAGE (messages.ts; tests/unit/offline-outbox.test.ts)
  };
  serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: unknown } | null>) => {
    if ((event.data || {}).type === "site-outbox:changed") {
      import(/* webpackChunkName: "outbox" */ "./page").then((outbox) => outbox.startOutboxPage()).catch(() => undefined);
    }
  });
  addEventListener("online", () => ask(true));
  ask(navigator.onLine);
}
