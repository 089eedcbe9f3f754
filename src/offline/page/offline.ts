/**
 * The offline page's script (bundled by scripts/build/service-worker.mjs to
 * public/offline/offline.js; the page has no inline script, its
 * Content-Security-Policy stays strict, and it runs without the Gatsby runtime):
 *
 * - "Try again" reloads the page asked for;
 * - the items saved on this device (IndexedDB database "site-saved", object
 *   store "items", kept by the saved part: `{ path, title, titles, kind, url }`) are
 *   listed as links. The database is only read: when it does not exist it is
 *   not created (its opening is aborted), and the list stays hidden.
 *
 * The same script serves the page in each language (/offline, /ar/offline):
 * the words are in the page (its kinds of items in data attributes), and a
 * saved item is named in the page's language where it has a name in it (a
 * document: its library's title in that language); a product page saved in
 * the other language keeps its own name, marked with its language.
 */

import { langOfPath, type Lang } from "../../shared/i18n/lang";
import { SAVED_DB, SAVED_STORE } from "../saved/names";
import type { SavedItem as StoredItem } from "../saved/store";

/** What the page lists of a saved item. */
export type SavedItem = Pick<StoredItem, "path" | "title" | "kind" | "url"> & Partial<Pick<StoredItem, "titles">>;

/** An item's name in `lang`, and the language it is written in. */
export function itemName(item: SavedItem, lang: Lang): { name: string; lang: Lang } {
  const own = item.titles?.[lang];
  if (own) return { name: own, lang };
  // A product's name is in the language of its page; a document's fallback title is its English one.
  return { name: item.title || item.path, lang: item.kind === "document" ? "en" : langOfPath(item.path) };
}

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
  const lang: Lang = document.documentElement.lang === "ar" ? "ar" : "en";
  const named = items.map((item) => ({ item, ...itemName(item, lang) }));
  for (const { item, name, lang: nameLang } of named.sort((a, b) => a.name.localeCompare(b.name, lang))) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = item.kind === "document" && item.url ? item.url : item.path;
    link.textContent = name;
    if (nameLang !== lang) {
      link.lang = nameLang;
      link.dir = "auto";
    }
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
