/** Rules of the header search box: it leads to /search?query=..., and does nothing for blank text or while a search runs. */
export const SEARCH_PATH = "/search";

/**
 * Where submitting the search box leads: `/search?query=...` for non-blank
 * text, or null when nothing should happen (blank text, or a search already
 * in progress).
 */
export function searchHref(text: string, inProgress: boolean): string | null {
  if (inProgress) return null;
  const query = text.trim();
  if (query === "") return null;
  return `${SEARCH_PATH}?${new URLSearchParams({ query }).toString()}`;
}

/** What a search page address asks for: the trimmed query, and whether error=true forces the error state. */
export function readSearchParams(search: string | URLSearchParams): { query: string; forcedError: boolean } {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return { query: (params.get("query") ?? "").trim(), forcedError: params.get("error") === "true" };
}
