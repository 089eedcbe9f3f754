import type { Lang } from "../shared/i18n/lang";
import { createIndex } from "../shared/search/engine";
import { searchProducts, type Store, type TextIndex } from "../shared/search/productSearch";
import type { SearchRecord } from "../shared/search/config";

/** Where the index and store of a language were published, and the language (its index is read with that language's options). */
export interface SearchUrls {
  index: string;
  store: string;
  lang: Lang;
}

interface LoadedSearch {
  index: TextIndex;
  store: Store;
}

/** The index being loaded or loaded, by its URL (one per language). */
const loading = new Map<string, Promise<LoadedSearch>>();

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status}`);
  return response;
}

/**
 * Fetches the index and the store built at build time, once, when the first
 * search starts (never bundled into the pages). A failed load is retried on
 * the next search.
 */
export function loadSearch(urls: SearchUrls): Promise<LoadedSearch> {
  let loaded = loading.get(urls.index);
  if (!loaded) {
    loaded = Promise.all([import("flexsearch"), fetchOk(urls.index).then((r) => r.text()), fetchOk(urls.store).then((r) => r.json())])
      .then(([mod, indexText, store]) => {
        const index = createIndex(mod, urls.lang);
        index.import(indexText);
        return { index, store: store as Store };
      })
      .catch((err: unknown) => {
        loading.delete(urls.index);
        throw err;
      });
    loading.set(urls.index, loaded);
  }
  return loaded;
}

/** Runs a search in the browser: loads the index if needed, then finds the products. */
export async function runSearch(urls: SearchUrls, query: string, limit?: number): Promise<SearchRecord[]> {
  const { index, store } = await loadSearch(urls);
  return searchProducts(index, store, query, limit, urls.lang);
}
