import React, { useRef, useState } from "react";
import { navigate } from "gatsby";
import { searchHref } from "../utils/search";
import { Icon } from "./Icon";
import * as styles from "./SearchBox.module.css";

const NAVIGATION_GUARD_MS = 1000;

interface SearchBoxProps {
  label: string;
  placeholder: string;
}

/**
 * Header search: widens on hover and keyboard focus; Enter or the button
 * navigates to /search?query=...; blank text, or a second submit while the
 * first is still navigating, does nothing.
 */
export function SearchBox({ label, placeholder }: SearchBoxProps): React.ReactElement {
  const [text, setText] = useState("");
  const inProgress = useRef(false);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = searchHref(text, inProgress.current);
    if (!href) return;
    // A second Enter while the first navigation is under way is ignored.
    inProgress.current = true;
    window.setTimeout(() => {
      inProgress.current = false;
    }, NAVIGATION_GUARD_MS);
    void navigate(href);
  };

  return (
    <form role="search" className={styles.search} onSubmit={onSubmit} action="/search" method="get">
      <label htmlFor="site-search" className="visually-hidden">
        {label}
      </label>
      <input
        id="site-search"
        name="query"
        type="search"
        className={styles.input}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className={styles.button} aria-label={label}>
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
