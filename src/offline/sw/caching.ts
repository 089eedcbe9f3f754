/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

declare const self: ServiceWorkerGlobalScope;

/** The precache (the list workbox-build injects) and the run-time routes. */
export function installCaching(scope: ServiceWorkerGlobalScope): void {
  void scope;
  cleanupOutdatedCaches();
  precacheAndRoute(self.__WB_MANIFEST);
}
