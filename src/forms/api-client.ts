/**
 * The API client (openapi-fetch and the contract's paths) is not part of any
 * page's first load: a form fetches it when the visitor first focuses it, or
 * at the latest when the form is sent. The focus also starts the proof of
 * work of the next send (src/forms/spam/).
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

/** Starts loading the client, and then the next send's proof of work, without waiting for either (focus handler). */
export function preloadClient(): void {
  loadClient()
    .then((client) => client.prepareProof())
    .catch(() => undefined);
}
