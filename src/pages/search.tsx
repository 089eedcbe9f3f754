import React, { useEffect, useState } from "react";
import { graphql, Link, navigate, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { useSearchUrls } from "../hooks/useSearchUrls";
import { resultImage, runSearch } from "../search/client";
import type { SearchRecord } from "../search/config";
import { searchHref } from "../utils/search";
import { fill } from "../utils/template";
import * as styles from "./search.module.css";

interface SearchPageData {
  page: {
    heading: string;
    intro: string;
    inputLabel: string;
    formLabel: string;
    submitLabel: string;
    searchingLabel: string;
    resultsHeading: string;
    resultCount: string;
    resultCountOne: string;
    noResultsHeading: string;
    noResultsMessage: string;
    errorMessage: string;
    viewProduct: string;
    meta: { title: string; description: string };
  };
}

type Outcome =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "results"; results: SearchRecord[] }
  | { state: "empty" }
  | { state: "error" };

/** /search?query=...&error=...: the spec's search page (section 2 and 4). */
/** Result cards per row on wide screens (search.module.css: 3 columns from 768 px). */
const RESULTS_PER_ROW = 3;

export default function SearchPage({ data, location }: PageProps<SearchPageData>): React.ReactElement {
  const { page } = data;
  const urls = useSearchUrls();
  const params = new URLSearchParams(location.search);
  const query = (params.get("query") ?? "").trim();
  const forcedError = params.get("error") === "true";
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const [text, setText] = useState(query);

  useEffect(() => setText(query), [query]);

  useEffect(() => {
    if (forcedError) {
      setOutcome({ state: "error" });
      return;
    }
    if (query === "") {
      setOutcome({ state: "idle" });
      return;
    }
    let current = true;
    setOutcome({ state: "loading" });
    runSearch(urls, query)
      .then((results) => {
        if (current) setOutcome(results.length > 0 ? { state: "results", results } : { state: "empty" });
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
    if (href) void navigate(href);
  };

  return (
    <Layout>
      <section className={`container section ${styles.page}`}>
        <h1>{page.heading}</h1>
        <p>{page.intro}</p>
        <form role="search" aria-label={page.formLabel} className={styles.form} onSubmit={onSubmit} action="/search" method="get">
          <label htmlFor="search-page-input" className="visually-hidden">
            {page.inputLabel}
          </label>
          <input
            id="search-page-input"
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

        <div className={styles.outcome} aria-live="polite" aria-busy={outcome.state === "loading"}>
          {outcome.state === "loading" && (
            <div className={styles.spinnerWrap} role="status" data-testid="search-spinner">
              <span className={styles.spinner} aria-hidden="true" />
              <span className="visually-hidden">{page.searchingLabel}</span>
            </div>
          )}
          {outcome.state === "error" && (
            <div className={styles.error} role="alert">
              {page.errorMessage}
            </div>
          )}
          {outcome.state === "empty" && (
            <div className={styles.empty}>
              <h2>{page.noResultsHeading}</h2>
              <p>{fill(page.noResultsMessage, { query })}</p>
            </div>
          )}
          {outcome.state === "results" && (
            <>
              <h2 className={styles.resultsHeading}>{fill(page.resultsHeading, { query })}</h2>
              <p className={styles.count}>
                {outcome.results.length === 1 ? page.resultCountOne : fill(page.resultCount, { count: outcome.results.length })}
              </p>
              <ul className={styles.grid} data-testid="search-results">
                {outcome.results.map((r, i) => {
                  const image = resultImage(r);
                  // The first row is on screen at once: fetch it now, the rest as it scrolls in.
                  const firstRow = i < RESULTS_PER_ROW;
                  return (
                    <li key={r.slug} className={styles.card}>
                      {image && (
                        <img
                          className={styles.image}
                          src={image.src}
                          width={image.width}
                          height={image.height}
                          alt=""
                          loading={firstRow ? "eager" : "lazy"}
                          decoding="async"
                          {...(i === 0 ? { fetchpriority: "high" } : {})}
                        />
                      )}
                      <div className={styles.body}>
                        <p className={styles.category}>{r.category}</p>
                        <h3 className={styles.name}>
                          <Link to={`/${r.slug}`} className={styles.link}>
                            {r.name}
                          </Link>
                        </h3>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query SearchPage {
    page: searchJson {
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
      viewProduct
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
export function Head({ data, location }: HeadProps<SearchPageData>): React.ReactElement {
  const urls = useSearchUrls();
  return (
    <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname}>
      <link rel="preload" href={urls.index} as="fetch" crossOrigin="anonymous" />
      <link rel="preload" href={urls.store} as="fetch" crossOrigin="anonymous" />
    </Seo>
  );
}
