import React from "react";
import type { LibraryFilters as Filters } from "./filter";
import type { LibraryOptions } from "./records";
import * as styles from "./DownloadsLibraryPage.module.css";

export interface LibraryFilterTexts {
  filtersLabel: string;
  categoryLabel: string;
  productLabel: string;
  typeLabel: string;
  textLabel: string;
  anyCategory: string;
  anyProduct: string;
  anyType: string;
  clearLabel: string;
}

interface LibraryFiltersProps {
  filters: Filters;
  options: LibraryOptions;
  texts: LibraryFilterTexts;
  typeLabel: (type: string) => string;
  /** Shows the clear button (filters set and documents shown: the empty state has its own). */
  showClear: boolean;
  onChange: (next: Filters) => void;
  onClear: () => void;
  firstFieldRef: React.RefObject<HTMLSelectElement>;
}

/**
 * The filters: category, product (grouped by category; only the chosen
 * category's products once one is chosen), type and words. Each change
 * applies at once; the form never submits.
 */
export function LibraryFilters({ filters, options, texts, typeLabel, showClear, onChange, onClear, firstFieldRef }: LibraryFiltersProps): React.ReactElement {
  const set = (key: keyof Filters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...filters, [key]: event.target.value };
    // A product of another category would leave nothing to show: choosing a category lets it go.
    if (key === "category" && next.product && next.category) {
      const product = options.products.find((p) => p.value === next.product);
      if (product && product.category !== next.category) next.product = "";
    }
    onChange(next);
  };
  const categories = filters.category ? options.categories.filter((c) => c.value === filters.category) : options.categories;

  return (
    <div role="search" aria-label={texts.filtersLabel} className={styles.filters} data-testid="library-filters">
      <div className={styles.field}>
        <label htmlFor="library-category">{texts.categoryLabel}</label>
        <select id="library-category" name="category" value={filters.category} onChange={set("category")} ref={firstFieldRef}>
          <option value="">{texts.anyCategory}</option>
          {options.categories.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="library-product">{texts.productLabel}</label>
        <select id="library-product" name="product" value={filters.product} onChange={set("product")}>
          <option value="">{texts.anyProduct}</option>
          {categories.map((c) => (
            <optgroup key={c.value} label={c.label}>
              {options.products
                .filter((p) => p.category === c.value)
                .map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="library-type">{texts.typeLabel}</label>
        <select id="library-type" name="type" value={filters.type} onChange={set("type")}>
          <option value="">{texts.anyType}</option>
          {options.types.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="library-text">{texts.textLabel}</label>
        <input id="library-text" name="q" type="search" value={filters.q} onChange={set("q")} autoComplete="off" maxLength={100} />
      </div>
      {showClear && (
        <button type="button" className={`btn btn-outline ${styles.clear}`} onClick={onClear}>
          {texts.clearLabel}
        </button>
      )}
    </div>
  );
}
