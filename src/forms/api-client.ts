/**
 * The API client (openapi-fetch and the contract's paths) is not part of any
 * page's first load: a form fetches it when the visitor first focuses it, or
 * at the latest when the form is sent.
 */
type Client = typeof import("../contract/client");

let pending: Promise<Client> | undefined;

export function loadClient(): Promise<Client> {
  if (!pending) {
    pending = import("../contract/client");
    // A failed fetch (offline) is tried again on the next send.
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** Starts loading the client without waiting for it (focus handler). */
export function preloadClient(): void {
  loadClient().catch(() => undefined);
}
