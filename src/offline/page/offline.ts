/**
 * The offline page's script (bundled by scripts/build/service-worker.mjs to
 * public/offline/offline.js; the page has no inline script, its
 * Content-Security-Policy stays strict, and it runs without the Gatsby runtime):
 *
 * - "Try again" reloads the page asked for;
 * - the items saved on this device (IndexedDB database "site-saved", object
 *   store "items", kept by the saved part: `{ path, title, kind, url }`) are
 *   listed as links. The database is only read: when it does not exist it is
 *   not created (its opening is aborted), and the list stays hidden.
 */

import { SAVED_DB, SAVED_STORE } from "../saved/names";
import type { SavedItem as StoredItem } from "../saved/store";

/** What the page lists of a saved item. */
export type SavedItem = Pick<StoredItem, "path" | "title" | "kind" | "url">;

/** The saved items, or none when the database or its store does not exist (or cannot be read). */
export function readSavedItems(factory: IDBFactory = indexedDB): Promise<SavedItem[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(SAVED_DB);
    } catch {
      resolve([]);
      return;
    }
    // No such database: opening it would create it (empty, version 1) under the saved part's feet.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SAVED_STORE)) {
        db.close();
        resolve([]);
        return;
      }
      const read = db.transaction(SAVED_STORE, "readonly").objectStore(SAVED_STORE).getAll();
      read.onsuccess = () => {
        db.close();
        resolve((read.result as SavedItem[]).filter((item) => item && typeof item.path === "string"));
      };
      read.onerror = () => {
        db.close();
        resolve([]);
      };
    };
  });
}

function show(items: SavedItem[]): void {
  const section = document.getElementById("saved");
  const list = document.getElementById("saved-list");
  if (!section || !list || items.length === 0) return;
  for (const item of [...items].sort((a, b) => String(a.title).localeCompare(String(b.title)))) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = item.kind === "document" && item.url ? item.url : item.path;
    link.textContent = item.title || item.path;
    entry.append(link);
    // The words of each kind (data/offline-page.json), written into the page by the build.
    const kind = item.kind === "document" ? list.dataset.kindDocument : item.kind === "product" ? list.dataset.kindProduct : undefined;
    if (kind) {
      const label = document.createElement("span");
      label.className = "kind";
      label.textContent = ` (${kind})`;
      entry.append(label);
    }
    list.append(entry);
  }
  section.hidden = false;
}

function start(): void {
  const retry = document.getElementById("retry");
  if (retry) {
    retry.hidden = false;
    retry.addEventListener("click", () => window.location.reload());
  }
  if (typeof indexedDB !== "undefined") void readSavedItems().then(show);
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
