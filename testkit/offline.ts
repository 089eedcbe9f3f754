/**
 * The browser tests of the offline support: a page controlled by the site's
 * service worker, and a network that goes away and comes back.
 *
 * `context.setOffline(true)` alone does not cut the service worker's own
 * requests in Chromium: while offline, a context route also aborts every
 * request a service worker makes, so nothing the test sees was fetched.
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";

/** How long the service worker may take to install (precache) and take control on a busy machine. */
export const SERVICE_WORKER_TIMEOUT_MS = 30_000;

const offlineContexts = new WeakSet<BrowserContext>();
const routed = new WeakSet<BrowserContext>();

/** Waits until the site's service worker is active and controls `page` (the first visit needs one reload: no automatic takeover). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: SERVICE_WORKER_TIMEOUT_MS })
    .toBe(true);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: SERVICE_WORKER_TIMEOUT_MS }).toBe(true);
}

/** Cuts the network of the pages and of the service worker. */
export async function goOffline(context: BrowserContext): Promise<void> {
  if (!routed.has(context)) {
    routed.add(context);
    await context.route("**/*", (route) => {
      if (offlineContexts.has(context) && route.request().serviceWorker()) return route.abort("internetdisconnected");
      return route.fallback();
    });
  }
  offlineContexts.add(context);
  await context.setOffline(true);
}

/** Brings the network back. */
export async function goOnline(context: BrowserContext): Promise<void> {
  offlineContexts.delete(context);
  await context.setOffline(false);
}
