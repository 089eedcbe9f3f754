import React from "react";
import { localePath, type Lang } from "../i18n/lang";
import type { SearchRecord } from "./config";
import { resultImage } from "./image";
import { mainImageAttributes } from "../utils/main-image";
import { fill } from "../utils/template";

/**
 * What the search page shows under its form. Rendered by the page in the
 * browser and by the server, which answers /search?query=... with the first
 * results already in the HTML: both must produce the same markup, so this view
 * has no CSS-module import (its class names are the literal ones below, styled
 * by search.module.css under the outcome box) and takes the link component.
 */

export type Outcome =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "results"; results: SearchRecord[] }
  | { state: "empty" }
  | { state: "error" };

/** What a finished search shows: its results, or the no-results message. */
export function outcomeOf(results: SearchRecord[]): Outcome {
  return results.length > 0 ? { state: "results", results } : { state: "empty" };
}

/** The page's texts the outcome uses (data/search.json). */
export interface OutcomeLabels {
  searchingLabel: string;
  resultsHeading: string;
  resultCount: string;
  resultCountOne: string;
  noResultsHeading: string;
  noResultsMessage: string;
  errorMessage: string;
}

export interface LinkProps {
  to: string;
  className?: string;
  children?: React.ReactNode;
}

/** Result cards per row on wide screens (search.module.css: 3 columns from 768 px). */
export const RESULTS_PER_ROW = 3;

interface Props {
  labels: OutcomeLabels;
  query: string;
  outcome: Outcome;
  Link: React.ComponentType<LinkProps>;
  /**
   * A result's action ("Add to enquiry"), given by the page in the browser. Its
   * box is rendered (empty) on the server too, so hydration matches and the
   * cards keep their size when the action appears.
   */
  Action?: React.ComponentType<{ slug: string; name: string }>;
  /** The page's language: results link to the product pages of that language (/ar/<slug>). English unless told. */
  lang?: Lang;
}

export function SearchOutcome({ labels, query, outcome, Link, Action, lang = "en" }: Props): React.ReactElement | null {
  switch (outcome.state) {
    case "idle":
      return null;
    case "loading":
      return (
        <div className="search-spinner-wrap" role="status" data-testid="search-spinner">
          <span className="search-spinner" aria-hidden="true" />
          <span className="visually-hidden">{labels.searchingLabel}</span>
        </div>
      );
    case "error":
      return (
        <div className="search-error" role="alert">
          {labels.errorMessage}
        </div>
      );
    case "empty":
      return (
        <div className="search-empty">
          <h2>{labels.noResultsHeading}</h2>
          <p>{fill(labels.noResultsMessage, { query })}</p>
        </div>
      );
    case "results": {
      const { results } = outcome;
      return (
        <>
          <h2 className="search-results-heading">{fill(labels.resultsHeading, { query })}</h2>
          <p className="search-count">{results.length === 1 ? labels.resultCountOne : fill(labels.resultCount, { count: results.length })}</p>
          <ul className="search-grid" data-testid="search-results">
            {results.map((r, i) => {
              const image = resultImage(r);
              // The first row is on screen at once: fetch it now, the rest as it scrolls in.
              const firstRow = i < RESULTS_PER_ROW;
              return (
                <li key={r.slug} className="search-card">
                  {image && (
                    <img
                      className="search-card-image"
                      src={image.src}
                      width={image.width}
                      height={image.height}
                      alt=""
                      loading={firstRow ? "eager" : "lazy"}
                      decoding="async"
                      {...(i === 0 ? { fetchpriority: "high", ...mainImageAttributes } : {})}
                    />
                  )}
                  <div className="search-card-body">
                    <p className="search-card-category">{r.category}</p>
                    <h3 className="search-card-name">
                      <Link to={localePath(lang, `/${r.slug}`)} className="search-card-link">
                        {r.name}
                      </Link>
                    </h3>
                    {r.englishName && (
                      // The Arabic index's results: the English name as the catalogue and the data sheets give it.
                      <p className="search-card-english" lang="en">
                        <bdi dir="ltr">{r.englishName}</bdi>
                      </p>
                    )}
                    <div className="search-card-action">{Action && <Action slug={r.slug} name={r.name} />}</div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      );
    }
  }
}
