import React, { useCallback, useMemo, useRef, useState, useEffect } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { fill } from "../shared/utils/template";
import { formatSize, hasFilters, narrow, NO_FILTERS, parseFilters, serialiseFilters, type LibraryFilters as Filters } from "./filter";
import { LibraryFilters, type LibraryFilterTexts } from "./LibraryFilters";
import { SaveOffline, type SaveOfflineTexts } from "../offline/saved/SaveOffline";
import type { LibraryDocument, LibraryOptions } from "./records";
import * as styles from "./DownloadsLibraryPage.module.css";

interface LibraryTexts extends LibraryFilterTexts {
  meta: { title: string; description: string };
  heading: string;
  intro: string;
  countText: string;
  emptyText: string;
  listLabel: string;
  factLabels: { product: string; category: string; type: string; units: string; format: string; size: string };
  types: { id: string; label: string }[];
  formats: { id: string; label: string }[];
  sizeUnits: { bytes: string; kilobytes: string; megabytes: string };
  saveOffline: SaveOfflineTexts;
}

interface LibraryData {
  page: LibraryTexts;
  ui: { opensInNewTab: string; metricLabel: string; imperialLabel: string };
}

/** Made by gatsby-node.ts from the product data and data/documents.json (records.ts), sizes from the built files. */
export interface LibraryContext {
  documents: LibraryDocument[];
  options: LibraryOptions;
}

const labelOf = (labels: { id: string; label: string }[]) => (id: string) => labels.find((l) => l.id === id)?.label ?? id;

function DocumentItem({ doc, page, ui, typeLabel }: { doc: LibraryDocument; page: LibraryTexts; ui: LibraryData["ui"]; typeLabel: (t: string) => string }) {
  const fields = page.factLabels;
  const units = doc.units.map((u) => (u === "metric" ? ui.metricLabel : ui.imperialLabel)).join(" / ");
  return (
    <li className={styles.item} data-document-id={doc.id} data-type={doc.type} data-product={doc.product?.slug ?? ""} data-category={doc.category?.slug ?? ""}>
      <a href={doc.url} target="_blank" rel="noopener" hrefLang="en" className={styles.link}>
        <span className={styles.title}>{doc.title}</span>
        <span className={styles.hint}>{ui.opensInNewTab}</span>
      </a>
      {/* dt and dd in pairs, without wrappers: the list is long, its DOM kept small. */}
      <dl className={styles.facts}>
        <dt>{fields.type}</dt>
        <dd>{typeLabel(doc.type)}</dd>
        {doc.product && (
          <>
            <dt>{fields.product}</dt>
            <dd>{doc.product.name}</dd>
          </>
        )}
        {doc.category && (
          <>
            <dt>{fields.category}</dt>
            <dd>{doc.category.name}</dd>
          </>
        )}
        {units && (
          <>
            <dt>{fields.units}</dt>
            <dd>{units}</dd>
          </>
        )}
        <dt>{fields.format}</dt>
        <dd>{labelOf(page.formats)(doc.format)}</dd>
        {doc.size !== null && (
          <>
            <dt>{fields.size}</dt>
            <dd>
              <data value={doc.size}>{formatSize(doc.size, page.sizeUnits)}</data>
            </dd>
          </>
        )}
      </dl>
      <SaveOffline kind="document" path={doc.url} texts={page.saveOffline} name={doc.title} />
    </li>
  );
}

/**
 * /downloads: every document of the site. The whole list is in the static
 * HTML; the filters (read from and written to the address) narrow it in the
 * browser, and a live region says how many documents are shown.
 */
export default function DownloadsLibraryPage({ data, pageContext }: PageProps<LibraryData, LibraryContext>): React.ReactElement {
  const { page, ui } = data;
  const { documents, options } = pageContext;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const firstFieldRef = useRef<HTMLSelectElement>(null);
  const typeLabel = useMemo(() => labelOf(page.types), [page.types]);

  // The address's filters, once in the browser (the static HTML lists everything).
  useEffect(() => {
    const fromAddress = parseFilters(window.location.search, options);
    if (hasFilters(fromAddress)) setFilters(fromAddress);
  }, [options]);

  const apply = useCallback((next: Filters) => {
    setFilters(next);
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${serialiseFilters(next)}${hash}`);
  }, []);

  const clear = useCallback(() => {
    apply(NO_FILTERS);
    firstFieldRef.current?.focus();
  }, [apply]);

  const shown = useMemo(() => narrow(documents, filters, typeLabel), [documents, filters, typeLabel]);
  const filtered = hasFilters(filters);

  return (
    <Layout headerVariant="white">
      <section className={styles.hero} aria-labelledby="library-heading">
        <div className="container">
          <h1 id="library-heading">{page.heading}</h1>
          <p className={styles.lead}>{page.intro}</p>
        </div>
      </section>

      <div className={`container section ${styles.content}`}>
        <LibraryFilters
          filters={filters}
          options={options}
          texts={page}
          typeLabel={typeLabel}
          showClear={filtered && shown.length > 0}
          onChange={apply}
          onClear={clear}
          firstFieldRef={firstFieldRef}
        />

        <p role="status" className={styles.count} data-testid="library-count">
          {fill(page.countText, { shown: shown.length, total: documents.length })}
        </p>

        <h2 id="library-list-heading" className="visually-hidden">
          {page.listLabel}
        </h2>
        {shown.length === 0 ? (
          <div className={styles.empty} data-testid="library-empty">
            <p>{page.emptyText}</p>
            <button type="button" className="btn btn-dark" onClick={clear}>
              {page.clearLabel}
            </button>
          </div>
        ) : (
          <ul className={styles.list} aria-labelledby="library-list-heading" data-testid="library-list">
            {shown.map((doc) => (
              <DocumentItem key={doc.id} doc={doc} page={page} ui={ui} typeLabel={typeLabel} />
            ))}
          </ul>
        )}
      </div>
    </Layout>
  );
}

export const query = graphql`
  query DownloadsLibraryPage($lang: String!) {
    page: downloadsLibraryJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      heading
      intro
      filtersLabel
      categoryLabel
      productLabel
      typeLabel
      textLabel
      anyCategory
      anyProduct
      anyType
      clearLabel
      countText
      emptyText
      listLabel
      factLabels {
        product
        category
        type
        units
        format
        size
      }
      types {
        id
        label
      }
      formats {
        id
        label
      }
      sizeUnits {
        bytes
        kilobytes
        megabytes
      }
      saveOffline {
        ...SaveOfflineFields
      }
    }
    ui: productUiJson(fields: { lang: { eq: $lang } }) {
      opensInNewTab
      metricLabel
      imperialLabel
    }
  }
`;

export function Head({ data, location }: HeadProps<LibraryData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
