import type { SearchRecord } from "./config";

/**
 * The results the server rendered into /search?query=...: written into the
 * page as a JSON data block (not a script the browser runs, so no
 * Content-Security-Policy hash) and read by the page's first render, which
 * then matches the HTML it hydrates.
 */
export const SERVED_RESULTS_ID = "search-served-results";

/** The element the outcome is rendered into, on the server and in the browser. */
export const OUTCOME_ID = "search-outcome";

/** The page's search input, whose value the server sets to the query. */
export const INPUT_ID = "search-page-input";

export interface ServedResults {
  query: string;
  results: SearchRecord[];
}

/** The data block's HTML; "<" is escaped so no text of a result can close the script element. */
export function servedResultsScript(served: ServedResults): string {
  const json = JSON.stringify(served).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${SERVED_RESULTS_ID}">${json}</script>`;
}

/** The results the server rendered for `query`, when the page was served with them. */
export function readServedResults(doc: { getElementById(id: string): { textContent: string | null } | null } | undefined, query: string): SearchRecord[] | null {
  const text = doc?.getElementById(SERVED_RESULTS_ID)?.textContent;
  if (!text) return null;
  try {
    const served = JSON.parse(text) as Partial<ServedResults>;
    return served.query === query && Array.isArray(served.results) ? served.results : null;
  } catch {
    return null;
  }
}
