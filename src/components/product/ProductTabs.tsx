import React, { useCallback, useEffect, useRef, useState } from "react";
import * as styles from "./ProductTabs.module.css";

export interface TabItem {
  id: string;
  label: string;
  /** The kind of panel; printed pages leave out the kinds that only work on screen (documents, order form). */
  kind?: string;
}

interface ProductTabsProps<T extends TabItem> {
  tabs: T[];
  /** Accessible name of the tab list. */
  label: string;
  /** A panel's content; `open` is true while it is the visible one. */
  renderPanel: (tab: T, open: boolean) => React.ReactNode;
  /** Reflect the open tab in the address (#tab-<id>) and open the tab the address names on load. */
  syncHash?: boolean;
}

/** Where a key moves the focus (and the selection) in a list of `count` tabs; null for other keys. */
export function tabIndexForKey(key: string, current: number, count: number, rtl = false): number | null {
  if (count <= 0) return null;
  // Right to left, the next tab of a row is on the left.
  switch (rtl && key.startsWith("Arrow") ? { ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft" }[key] ?? key : key) {
    case "ArrowRight":
    case "ArrowDown":
      return (current + 1) % count;
    case "ArrowLeft":
    case "ArrowUp":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

export const tabElementId = (id: string): string => `tab-${id}`;
export const panelElementId = (id: string): string => `panel-${id}`;

/** The tab an address hash (#tab-<id> or #panel-<id>) names, or -1. */
export function tabIndexFromHash(hash: string, tabs: readonly TabItem[]): number {
  const name = decodeURIComponent(hash.replace(/^#/, ""));
  return tabs.findIndex((t) => name === tabElementId(t.id) || name === panelElementId(t.id));
}

/** The tab list is vertical from this width on (see ProductTabs.module.css). */
const VERTICAL_QUERY = "(min-width: 900px)";

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrow keys, Home and
 * End move the focus and open the tab; exactly one panel is visible and the
 * first is open on load. Every panel is in the static HTML (the closed ones
 * `hidden`), so search engines and visitors without JavaScript get all of it.
 */
export function ProductTabs<T extends TabItem>({ tabs, label, renderPanel, syncHash = true }: ProductTabsProps<T>): React.ReactElement {
  // If none is active, the first is activated.
  const [active, setActive] = useState(0);
  const [vertical, setVertical] = useState(true);
  // Set once React has taken over the static HTML (the tabs respond from then on).
  const [hydrated, setHydrated] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (syncHash) {
      const fromHash = tabIndexFromHash(window.location.hash, tabs);
      if (fromHash >= 0) setActive(fromHash);
    }
    const query = window.matchMedia(VERTICAL_QUERY);
    const update = () => setVertical(query.matches);
    update();
    setHydrated(true);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [tabs, syncHash]);

  const select = useCallback(
    (index: number, focus: boolean) => {
      setActive(index);
      const button = buttons.current[index];
      if (focus && button) {
        button.focus();
        button.scrollIntoView?.({ block: "nearest", inline: "nearest" });
      }
      if (syncHash) {
        const url = `${window.location.pathname}${window.location.search}#${tabElementId(tabs[index].id)}`;
        window.history.replaceState(window.history.state, "", url);
      }
    },
    [tabs, syncHash],
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    const next = tabIndexForKey(event.key, active, tabs.length, getComputedStyle(event.currentTarget).direction === "rtl");
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  };

  const current = Math.min(active, tabs.length - 1);

  return (
    <div className={styles.tabs} data-testid="product-tabs" data-hydrated={hydrated}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={vertical ? "vertical" : "horizontal"}
        className={styles.list}
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabElementId(tab.id)}
            aria-selected={i === current}
            aria-controls={panelElementId(tab.id)}
            tabIndex={i === current ? 0 : -1}
            className={styles.tab}
            onClick={() => select(i, false)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div>
        {tabs.map((tab, i) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelElementId(tab.id)}
            aria-labelledby={tabElementId(tab.id)}
            tabIndex={0}
            hidden={i !== current}
            className={styles.panel}
            data-tab-id={tab.id}
            data-kind={tab.kind}
            data-print-title={tab.label}
          >
            {renderPanel(tab, i === current)}
          </div>
        ))}
      </div>
    </div>
  );
}
