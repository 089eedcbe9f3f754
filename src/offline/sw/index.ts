/// <reference lib="webworker" />
/**
 * The site's service worker (built by scripts/build/service-worker.mjs after
 * `gatsby build`: bundled with esbuild, then given its precache list by
 * workbox-build's injectManifest). Each part registers its own listeners:
 *
 * - caching.ts: the precache, the run-time routes, the offline page, updates;
 * - outbox.ts: forms sent without a network, replayed once it is back;
 * - saved.ts: products and documents saved for offline use.
 */
import { installCaching } from "./caching";
import { installOutbox } from "./outbox";
import { installSaved } from "./saved";

declare const self: ServiceWorkerGlobalScope;

installCaching(self);
installOutbox(self);
installSaved(self);
