/// <reference lib="webworker" />

/** Forms kept on the device while offline, sent when the network is back. */
export function installOutbox(scope: ServiceWorkerGlobalScope): void {
  void scope;
}
