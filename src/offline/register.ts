/**
 * Registers the service worker (/sw.js, made by the build) and starts what
 * the page does with it: the update offer (updates.ts) and the forms' outbox
 * (outbox/start.ts).
 */
import { startOutbox } from "./outbox/start";
import { startUpdates } from "./updates";

export async function registerOffline(): Promise<void> {
  const registration = await navigator.serviceWorker.register("/sw.js");
  startUpdates(registration);
  startOutbox(registration);
}
