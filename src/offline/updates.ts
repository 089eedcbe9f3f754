/**
 * A new version of the site waits until the visitor chooses to update (no
 * automatic takeover). Once a new service worker is installed and waiting
 * while this page is controlled by the current one, the offer to update
 * (update-offer.ts, its own chunk, fetched only then) is shown. (Every page
 * loads this code: it is kept small.)
 */
export function startUpdates(registration: ServiceWorkerRegistration): void {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      void import(/* webpackChunkName: "update-offer" */ "./update-offer").then((m) => m.offerUpdate(registration));
    }
  };
  offer();
  // A worker found while the page is open: offered once it is installed (its state changes; `waiting` is set then).
  registration.addEventListener("updatefound", () => (registration.installing as ServiceWorker).addEventListener("statechange", offer));
}
