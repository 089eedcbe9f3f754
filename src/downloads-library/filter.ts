/**
 * The library's filters and their address: /downloads?type=data-sheet&product=torque-pump.
 * Pure functions the page uses in the browser (and the tests call directly).
 */
import type { LibraryDocument, LibraryOptions } from "./records";

export interface LibraryFilters {
  type: string;
  product: string;
  category: string;
  /** Words to find in a document's title, product, category or type. */
  q: string;
}

export const NO_FILTERS: LibraryFilters = { type: "", product: "", category: "", q: "" };

/** The query parameters, in the order they are written. */
const KEYS = ["type", "product", "category", "q"] as const;

/** Longest text filter kept from an address. */
const MAX_TEXT = 100;

/**
 * Reads the filters of an address's query string. A type, product or
 * category the library does not have, or a product outside the chosen
 * category, is dropped (an old or mistyped link shows the documents it can
 * rather than an empty list).
 */
export function parseFilters(search: string, options: LibraryOptions): LibraryFilters {
  const params = new URLSearchParams(search);
  const pick = (key: string, allowed: readonly string[]): string => {
    const value = (params.get(key) ?? "").trim();
    return allowed.includes(value) ? value : "";
  };
  const category = pick("category", options.categories.map((c) => c.value));
  // With a category chosen, only its products can be chosen too (as in the form).
  const products = options.products.filter((p) => !category || p.category === category);
  return {
    type: pick("type", options.types),
    product: pick("product", products.map((p) => p.value)),
    category,
    q: (params.get("q") ?? "").slice(0, MAX_TEXT),
  };
}

/** The query string of the filters ("" when none is set, else starting with "?"). */
export function serialiseFilters(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = key === "q" ? filters.q.trim() : filters[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function hasFilters(filters: LibraryFilters): boolean {
  return Boolean(filters.type || filters.product || filters.category || filters.q.trim());
}

/** Lower case, accents and punctuation folded to spaces: "Data-Sheet" and "data sheet" match. */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The documents the filters keep, in their order. Every word of the text filter must be found. */
export function narrow(
  documents: readonly LibraryDocument[],
  filters: LibraryFilters,
  typeLabel: (type: string) => string = () => "",
): LibraryDocument[] {
  const words = normaliseText(filters.q).split(" ").filter(Boolean);
  return documents.filter((doc) => {
    if (filters.type && doc.type !== filters.type) return false;
    if (filters.product && doc.product?.slug !== filters.product) return false;
    if (filters.category && doc.category?.slug !== filters.category) return false;
    if (words.length === 0) return true;
    const haystack = ` ${normaliseText([doc.title, doc.product?.name, doc.category?.name, typeLabel(doc.type)].filter(Boolean).join(" "))} `;
    return words.every((word) => haystack.includes(word));
  });
}

/** "12.3 KB", "1.4 MB", "512 bytes": the size of a file in the units of the page's data. */
export function formatSize(bytes: number, units: { bytes: string; kilobytes: string; megabytes: string }): string {
  if (bytes < 1024) return `${bytes} ${units.bytes}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} ${units.kilobytes}`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} ${units.megabytes}`;
}
