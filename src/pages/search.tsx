import React, { useEffect, useRef, useState } from "react";
import { graphql, Link, navigate, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { useSearchUrls } from "../hooks/useSearchUrls";
import { useLang } from "../i18n/LangContext";
import { localePath, type Lang } from "../shared/i18n/lang";
import { SearchOutcome, outcomeOf, type Outcome, type OutcomeLabels } from "../shared/search/SearchOutcome";
import { SearchResultAdd } from "../enquiry/SearchResultAdd";
import { INPUT_ID, OUTCOME_ID, readServedResults } from "../shared/search/served";
import { readSearchParams, searchHref, SEARCH_PATH } from "../shared/utils/search";
import * as styles from "./search.module.css";

interface SearchPageData {
  page: OutcomeLabels & {
    heading: string;
    intro: string;
    inputLabel: string;
    formLabel: string;
    submitLabel: string;
    meta: { title: string; description: string };
  };
}

/** The page's context: its language (English at /search, Arabic at /ar/search). */
interface SearchPageContext {
  lang?: Lang;
}

/**
 * /search?query=...&error=... (and /ar/search in Arabic, on the Arabic index
 * with the Arabic words of data/search.ar.json): the search page. A blank query clears the
 * results; error=true or a failed search shows the error state; otherwise the
 * results, or "No results found". The server answers a query with its first
 * results already rendered (server/site/search-page.tsx); the page starts from
 * them and searches in the browser for every query typed after that.
 */
export default function SearchPage({ data, location }: PageProps<SearchPageData, SearchPageContext>): React.ReactElement {
  const { page } = data;
  const lang = useLang();
  const urls = useSearchUrls();
  const { query, forcedError } = readSearchParams(location.search);
  const [outcome, setOutcome] = useState<Outcome>(() => servedOutcome(query, forcedError));
  // The query whose results came with the page: not searched again.
  const served = useRef(outcome.state === "idle" ? null : query);
  const [text, setText] = useState(query);

  useEffect(() => setText(query), [query]);

  useEffect(() => {
    // Only the first query is served: the page may come back to it later (history), with other results on screen.
    const fromServer = served.current === query;
    served.current = null;
    if (forcedError) {
      setOutcome({ state: "error" });
      return;
    }
    if (query === "") {
      setOutcome({ state: "idle" });
      return;
    }
    if (fromServer) return;
    let current = true;
    setOutcome({ state: "loading" });
    // The search code loads with the index, when the first query is searched here: not with the page.
    import("../search/client")
      .then(({ runSearch }) => runSearch(urls, query))
      .then((results) => {
        if (current) setOutcome(outcomeOf(results));
      })
      .catch((err: unknown) => {
        console.error("Search failed:", err);
        if (current) setOutcome({ state: "error" });
      });
    return () => {
      current = false;
    };
  }, [query, forcedError, urls]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const href = searchHref(text, outcome.state === "loading");
    if (href) void navigate(localePath(lang, href));
  };

  return (
    <Layout>
      <section className={`container section ${styles.page}`}>
        <h1>{page.heading}</h1>
        <p>{page.intro}</p>
        <form role="search" aria-label={page.formLabel} className={styles.form} onSubmit={onSubmit} action={localePath(lang, SEARCH_PATH)} method="get">
          <label htmlFor={INPUT_ID} className="visually-hidden">
            {page.inputLabel}
          </label>
          <input
            id={INPUT_ID}
            name="query"
            type="search"
            className={styles.input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-dark">
            {page.submitLabel}
          </button>
        </form>

        <div id={OUTCOME_ID} className={styles.outcome} aria-live="polite" aria-busy={outcome.state === "loading"}>
          <SearchOutcome labels={page} query={query} outcome={outcome} Link={Link} Action={SearchResultAdd} lang={lang} />
        </div>
      </section>
    </Layout>
  );
}

/** The outcome the page was served with, read on its first render in the browser (none at build time). */
function servedOutcome(query: string, forcedError: boolean): Outcome {
  if (forcedError || query === "" || typeof document === "undefined") return { state: "idle" };
  const results = readServedResults(document, query);
  return results ? outcomeOf(results) : { state: "idle" };
}

export const query = graphql`
  query SearchPage($lang: String = "en") {
    page: searchJson(fields: { lang: { eq: $lang } }) {
      heading
      intro
      inputLabel
      formLabel
      submitLabel
      searchingLabel
      resultsHeading
      resultCount
      resultCountOne
      noResultsHeading
      noResultsMessage
      errorMessage
      meta {
        title
        description
      }
    }
  }
`;

/**
 * The page is visited to search: its index and store are fetched with the
 * page's own scripts rather than after them (a preload the search's fetch()
 * then reuses; crossOrigin "anonymous" matches fetch's same-origin request).
 */
export function Head({ data, location, pageContext }: HeadProps<SearchPageData, SearchPageContext>): React.ReactElement {
  // The Head is rendered apart from the page (no language context): the page's context names the language.
  const urls = useSearchUrls(pageContext.lang ?? "en");
  return (
    <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname}>
      <link rel="preload" href={urls.index} as="fetch" crossOrigin="anonymous" />
      <link rel="preload" href={urls.store} as="fetch" crossOrigin="anonymous" />
    </Seo>
  );
}
