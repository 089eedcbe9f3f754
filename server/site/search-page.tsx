import fs from "fs";
import path from "path";
// The build and the browser use flexsearch 0.6, the version gatsby-plugin-local-search writes its index with.
import FlexSearch from "flexsearch";
import React from "react";
import { renderToString } from "react-dom/server";
import { createIndex } from "../../src/shared/search/engine";
import { searchProducts, type Store, type TextIndex } from "../../src/shared/search/productSearch";
import type { SearchRecord } from "../../src/shared/search/config";
import { SearchOutcome, outcomeOf, type LinkProps, type OutcomeLabels } from "../../src/shared/search/SearchOutcome";
import { INPUT_ID, OUTCOME_ID, servedResultsScript } from "../../src/shared/search/served";
import { escapeMarkup } from "../../src/shared/utils/escape";
import { localePath, type Lang } from "../../src/shared/i18n/lang";
import { readSearchParams } from "../../src/shared/utils/search";
import { errorFields, logger } from "../log";

/**
 * Answers /search?query=... (and /ar/search?query=..., in Arabic with the Arabic index) with the results in the HTML. The built search
 * page only knows its query once its scripts run, and its largest content (the
 * first result's image) would wait for the page's scripts, the index, the
 * search and the render. Here the server runs the same search on the same
 * index, renders the same outcome view into the built page and adds the
 * results as a JSON block the page's first render reads, so the browser
 * paints the results with the HTML and React hydrates them as they are.
 *
 * Everything is read from the build in `public/`: the page, its data (texts),
 * the static query naming the index and store, and those two files.
 */

/** Longer queries are left to the browser (no product name or model is this long). */
export const MAX_SERVED_QUERY_LENGTH = 200;

/** The built page's parts this module needs, checked once per build. */
interface Built {
  lang: Lang;
  html: string;
  labels: OutcomeLabels;
  index: TextIndex;
  store: Store;
}

interface PageData {
  result?: { data?: { page?: OutcomeLabels } };
  staticQueryHashes?: string[];
}

interface Published {
  publicIndexURL?: string;
  publicStoreURL?: string;
}
interface SearchUrlsQuery {
  data?: { localSearchProducts?: Published; localSearchProductsAr?: Published | null };
}

/** The page's empty outcome box, and its search input (rendered with value=""). */
const OUTCOME_BOX = new RegExp(`(<div\\b[^>]*\\bid="${OUTCOME_ID}"[^>]*>)(</div>)`);
const SEARCH_INPUT = new RegExp(`<input\\b[^>]*\\bid="${INPUT_ID}"[^>]*>`);

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/** A file of the build named by a URL path ("/static/x.index.txt"), refused outside `publicDir`. */
function publicFile(publicDir: string, urlPath: string): string {
  const file = path.join(publicDir, urlPath);
  if (!file.startsWith(publicDir + path.sep)) throw new Error(`${urlPath} is outside the build`);
  return file;
}

/** `html` without its <link rel="preload"> tags for `hrefs`. */
export function withoutPreloads(html: string, hrefs: string[]): string {
  return html.replace(/<link\b[^>]*>/g, (tag) => (/\brel="preload"/.test(tag) && hrefs.some((href) => tag.includes(`href="${href}"`)) ? "" : tag));
}

function loadBuilt(publicDir: string, pageFile: string, lang: Lang): Built {
  const page = fs.readFileSync(pageFile, "utf8");
  const pageData = readJson<PageData>(path.join(publicDir, "page-data", ...localePath(lang, "/search").split("/").filter(Boolean), "page-data.json"));
  const labels = pageData.result?.data?.page;
  if (!labels) throw new Error("the search page's data has no texts");
  let urls: { publicIndexURL?: string; publicStoreURL?: string } | undefined;
  for (const hash of pageData.staticQueryHashes ?? []) {
    const result = readJson<SearchUrlsQuery>(path.join(publicDir, "page-data", "sq", "d", `${hash}.json`));
    // Each language has its index (the Arabic one: localSearchProductsAr, read with the Arabic encoder).
    urls = (lang === "ar" ? result.data?.localSearchProductsAr : result.data?.localSearchProducts) ?? undefined;
    if (urls) break;
  }
  if (!urls?.publicIndexURL || !urls.publicStoreURL) throw new Error("the search page names no index");
  const index = createIndex(FlexSearch, lang);
  index.import(fs.readFileSync(publicFile(publicDir, urls.publicIndexURL), "utf8"));
  const store = readJson<Store>(publicFile(publicDir, urls.publicStoreURL));
  // The page preloads the index and store for a search it runs itself; with the results in it, they
  // would only take bandwidth from its images. Its scripts fetch them after it has painted.
  const html = withoutPreloads(page, [urls.publicIndexURL, urls.publicStoreURL]);
  if (!OUTCOME_BOX.test(html) || !SEARCH_INPUT.test(html)) throw new Error("the search page has no empty outcome box or no search input");
  return { lang, html, labels, index, store };
}

/** Gatsby's Link renders a plain link on the server: the browser makes it a client-side one on hydration. */
function PlainLink({ to, className, children }: LinkProps): React.ReactElement {
  return (
    <a className={className} href={to}>
      {children}
    </a>
  );
}

/** The built page with `results` for `query` rendered into its outcome box, its input filled and the data block added. */
function renderSearchPage(built: Built, query: string, results: SearchRecord[]): string {
  const markup = renderToString(<SearchOutcome labels={built.labels} query={query} outcome={outcomeOf(results)} Link={PlainLink} lang={built.lang} />);
  return built.html
    .replace(OUTCOME_BOX, (_all, open: string, close: string) => open + markup + close)
    .replace(SEARCH_INPUT, (tag) => tag.replace(/\svalue="[^"]*"/, "").replace(/\/?>$/, (end) => ` value="${escapeMarkup(query)}"${end}`))
    .replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${servedResultsScript({ query, results })}</body>`);
}

/** The query a /search URL asks the server to render, as the page reads it; null when the browser is to search. */
export function servedQuery(search: URLSearchParams): string | null {
  const { query, forcedError } = readSearchParams(search);
  return forcedError || query === "" || query.length > MAX_SERVED_QUERY_LENGTH ? null : query;
}

/**
 * The renderer for `pageFile` (public/search/index.html): the build is read
 * on first use and again when the page changes (a new build). Returns null
 * when the page cannot be rendered, and the static page is served instead:
 * the browser then searches, as it does for any query typed on the page.
 */
export function createSearchPageRenderer(publicDir: string, pageFile = path.join(publicDir, "search", "index.html"), lang: Lang = "en") {
  let cached: { mtimeMs: number; built: Built | null } | null = null;
  const built = (): Built | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(pageFile).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      try {
        cached = { mtimeMs, built: loadBuilt(publicDir, pageFile, lang) };
      } catch (err) {
        logger().error({ err: errorFields(err) }, "Search results are left to the browser: the search index cannot be read");
        cached = { mtimeMs, built: null };
      }
    }
    return cached.built;
  };
  return (query: string): string | null => {
    const b = built();
    if (!b) return null;
    try {
      return renderSearchPage(b, query, searchProducts(b.index, b.store, query, undefined, b.lang));
    } catch (err) {
      logger().error({ err: errorFields(err) }, "Search results for one query are left to the browser");
      return null;
    }
  };
}
