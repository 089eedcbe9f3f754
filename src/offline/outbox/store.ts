/**
 * The outbox's IndexedDB store ("site-outbox", object store "items", one
 * record per submission keyed by its Idempotency-Key). Shared by the page and
 * the service worker.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { OUTBOX_DB, OUTBOX_STORE, type OutboxItem } from "./policy";

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem };
}

let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  if (!opened) {
    opened = openDB<OutboxSchema>(OUTBOX_DB, 1, {
      upgrade(database) {
        database.createObjectStore(OUTBOX_STORE, { keyPath: "id" });
      },
      // Another context upgrades the database: let it, and open it again next time.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        opened = undefined;
      },
    });
    opened.catch(() => {
      opened = undefined;
    });
  }
  return opened;
}

/** Every item, oldest first. */
export async function allItems(): Promise<OutboxItem[]> {
  const items = await (await db()).getAll(OUTBOX_STORE);
  return items.sort((a, b) => a.created - b.created);
}

export async function getItem(id: string): Promise<OutboxItem | undefined> {
  return (await db()).get(OUTBOX_STORE, id);
}

/** Adds or replaces an item (the same key is the same submission: kept once). */
export async function putItem(item: OutboxItem): Promise<void> {
  await (await db()).put(OUTBOX_STORE, item);
}

export async function deleteItem(id: string): Promise<void> {
  await (await db()).delete(OUTBOX_STORE, id);
}

/**
 * Changes an item in one transaction: `change` gets the record as it is now
 * (undefined once dismissed or sent elsewhere) and returns the new one, or
 * undefined to delete it. A try that ends never brings back an item removed
 * meanwhile, nor undoes another change.
 */
export async function updateItem(id: string, change: (current: OutboxItem | undefined) => OutboxItem | undefined): Promise<void> {
  const transaction = (await db()).transaction(OUTBOX_STORE, "readwrite");
  const next = change(await transaction.store.get(id));
  if (next) await transaction.store.put(next);
  else await transaction.store.delete(id);
  await transaction.done;
}
