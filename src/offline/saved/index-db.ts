/**
 * The index of saved items in IndexedDB: database "site-saved", object store
 * "items", key path "path" (names.ts). Opened at its current version (1 when
 * this creates it); should another reader have created the database without
 * the store, the store is added in a new version.
 */
import { openDB, type IDBPDatabase } from "idb";
import { SAVED_DB, SAVED_STORE } from "./names";
import type { SavedIndex, SavedItem } from "./store";

const create = (db: IDBPDatabase) => {
  if (!db.objectStoreNames.contains(SAVED_STORE)) db.createObjectStore(SAVED_STORE, { keyPath: "path" });
};

// Another tab or the service worker asking for a newer version gets it: this one closes and reopens on its next use.
const open = (version?: number) => openDB(SAVED_DB, version, { upgrade: create, blocking: (_current, _next, event) => (event.target as IDBDatabase).close() });

async function openIndex(): Promise<IDBPDatabase> {
  const db = await open();
  if (db.objectStoreNames.contains(SAVED_STORE)) return db;
  const next = db.version + 1;
  db.close();
  return open(next);
}

export function savedIndex(): SavedIndex {
  // One connection per call, closed when it is done: none stays open to block another version.
  const withIndex = async <T>(task: (db: IDBPDatabase) => Promise<T>): Promise<T> => {
    const opened = await openIndex();
    try {
      return await task(opened);
    } finally {
      opened.close();
    }
  };
  return {
    all: () => withIndex((d) => d.getAll(SAVED_STORE) as Promise<SavedItem[]>),
    get: (path) => withIndex((d) => d.get(SAVED_STORE, path) as Promise<SavedItem | undefined>),
    put: (item) => withIndex(async (d) => void (await d.put(SAVED_STORE, item))),
    delete: (path) => withIndex((d) => d.delete(SAVED_STORE, path)),
  };
}
