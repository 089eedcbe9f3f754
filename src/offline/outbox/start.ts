/**
 * The page's side of the outbox, started once the service worker is
 * registered (after the page's load event): fetches the outbox's module
 * (page.tsx), which shows what waits in the header and asks the worker to
 * send it. A form that gets no answer finds the module already loaded.
 */
export function startOutbox(registration: ServiceWorkerRegistration): void {
  import(/* webpackChunkName: "outbox" */ "./page").then((outbox) => outbox.startOutboxPage(registration)).catch(() => undefined);
}
