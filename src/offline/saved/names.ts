/**
 * Names shared by the page, the service worker and the offline page: the
 * cache of saved files, the index of saved items (IndexedDB database
 * "site-saved", object store "items", key path "path", version 1) and the
 * build's list of what each product and document needs.
 */
export const SAVED_CACHE = "site-saved";
/**
 * The service worker's run-time cache of pages and page data (src/offline/sw/caching.ts):
 * Remove takes a removed item's page out of it too, so "Remove" leaves nothing of the item on the device.
 */
export const PAGES_CACHE = "site-pages";
export const SAVED_DB = "site-saved";
export const SAVED_STORE = "items";
/** Written by scripts/build/offline-saves.mjs; fetched fresh on every save and refresh. */
export const SAVE_LIST_URL = "/offline-saves.json";
