import { useSyncExternalStore, type ReactElement } from "react";

/*
 * The header's place for the outbox (what waits to be sent): nothing on the
 * server, nothing in the first load but this. The outbox's own module
 * (page.tsx, fetched after the page has loaded) puts its indicator here.
 */

let view: ReactElement | null = null;
const listeners = new Set<() => void>();

/** Shows `element` in every page's header slot. */
export function showInHeader(element: ReactElement): void {
  view = element;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function OutboxSlot(): ReactElement | null {
  return useSyncExternalStore(subscribe, () => view, () => null);
}
