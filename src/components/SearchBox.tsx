import React, { useEffect, useId, useRef, useState } from "react";
import { navigate } from "gatsby";
import { useSearchUrls } from "../hooks/useSearchUrls";
import { useLang } from "../i18n/LangContext";
import { localePath } from "../shared/i18n/lang";
import type { SearchRecord } from "../shared/search/config";
import { searchHref, SEARCH_PATH } from "../shared/utils/search";
import { Icon } from "./Icon";
import * as styles from "./SearchBox.module.css";

const NAVIGATION_GUARD_MS = 1000;
/** How many products the header suggests while the visitor types. */
export const SUGGESTION_LIMIT = 6;
/** Suggestions start from this many characters. */
export const SUGGESTION_MIN_CHARS = 2;

interface SearchBoxProps {
  label: string;
  /** Accessible name of the search landmark. */
  landmarkLabel: string;
  placeholder: string;
  suggestionsLabel?: string;
}

/**
 * Header search: widens on hover and keyboard focus; suggests products as the
 * visitor types (an ARIA combobox: arrow keys, Enter, Escape); Enter on the
 * text, or the button, navigates to /search?query=... (/ar/search?query=...
 * on an Arabic page, which searches the Arabic index); blank text, or a
 * second submit while the first is still navigating, does nothing. The search
 * code and index load only once the visitor starts typing.
 */
export function SearchBox({ label, landmarkLabel, placeholder, suggestionsLabel = "Suggested products" }: SearchBoxProps): React.ReactElement {
  const lang = useLang();
  const urls = useSearchUrls();
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<SearchRecord[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inProgress = useRef(false);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    const query = text.trim();
    if (query.length < SUGGESTION_MIN_CHARS) {
      setSuggestions((current) => (current.length === 0 ? current : []));
      return;
    }
    let current = true;
    import("../search/client")
      .then(({ runSearch }) => runSearch(urls, query, SUGGESTION_LIMIT))
      .then((found) => {
        if (!current) return;
        setSuggestions(found);
        setActive(-1);
      })
      .catch(() => {
        // Suggestions are a convenience: the search page reports failures.
        if (current) setSuggestions([]);
      });
    return () => {
      current = false;
    };
  }, [text, urls]);

  const go = (href: string) => {
    inProgress.current = true;
    window.setTimeout(() => {
      inProgress.current = false;
    }, NAVIGATION_GUARD_MS);
    setOpen(false);
    void navigate(href);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (open && active >= 0 && suggestions[active]) {
      if (!inProgress.current) go(localePath(lang, `/${suggestions[active].slug}`));
      return;
    }
    const href = searchHref(text, inProgress.current);
    if (href) go(localePath(lang, href));
  };

  const showList = open && suggestions.length > 0;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Escape") {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  return (
    <form role="search" aria-label={landmarkLabel} className={styles.search} onSubmit={onSubmit} action={localePath(lang, SEARCH_PATH)} method="get">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        name="query"
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        className={styles.input}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className={styles.button} aria-label={label}>
        <Icon name="search" size={20} />
      </button>
      <ul id={listId} role="listbox" aria-label={suggestionsLabel} className={styles.listbox} hidden={!showList}>
        {suggestions.map((s, i) => (
          <li
            key={s.slug}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            // mousedown, not click: it must win over the input's blur.
            onMouseDown={(e) => {
              e.preventDefault();
              go(localePath(lang, `/${s.slug}`));
            }}
          >
            <span className={styles.optionName}>{s.name}</span>
            <span className={styles.optionCategory}>{s.category}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
