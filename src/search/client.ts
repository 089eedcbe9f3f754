import { createIndex } from "../shared/search/engine";
import { searchProducts, type Store, type TextIndex } from "../shared/search/productSearch";
import type { SearchRecord } from "../shared/search/config";

export interface SearchUrls {
  index: string;
  store: string;
}

interface LoadedSearch {
  index: TextIndex;
  store: Store;
}

let loading: Promise<LoadedSearch> | null = null;

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
  if (!loading) {
    loading = Promise.all([import("flexsearch"), fetchOk(urls.index).then((r) => r.text()), fetchOk(urls.store).then((r) => r.json())])
      .then(([mod, indexText, store]) => {
        const index = createIndex(mod);
        index.import(indexText);
        return { index, store: store as Store };
      })
      .catch((err: unknown) => {
        loading = null;
        throw err;
      });
  }
  return loading;
}

/** Runs a search in the browser: loads the index if needed, then finds the products. */
export async function runSearch(urls: SearchUrls, query: string, limit?: number): Promise<SearchRecord[]> {
  const { index, store } = await loadSearch(urls);
  return searchProducts(index, store, query, limit);
}
