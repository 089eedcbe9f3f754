/** A new version of the site waits until the visitor chooses to update (no automatic takeover). */
export function startUpdates(registration: ServiceWorkerRegistration): void {
  void registration;
}
