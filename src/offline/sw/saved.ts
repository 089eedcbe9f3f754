/// <reference lib="webworker" />

/** Products and documents saved for offline use. */
export function installSaved(scope: ServiceWorkerGlobalScope): void {
  void scope;
}
