import React from "react";
import { Link } from "../../i18n/Link";
import * as styles from "./Breadcrumb.module.css";

export interface Crumb {
  label: string;
  /** Absent for the current page (the last crumb). */
  to?: string;
}

interface BreadcrumbProps {
  label: string;
  items: Crumb[];
  /** "light" on a dark banner, "dark" on a light background. */
  tone?: "light" | "dark";
  className?: string;
}

/** Home › Category › Product: an ordered list in a labelled nav, the current page marked with aria-current. */
export function Breadcrumb({ label, items, tone = "dark", className }: BreadcrumbProps): React.ReactElement {
  return (
    <nav aria-label={label} className={`${styles.breadcrumb} ${className ?? ""}`} data-tone={tone}>
      <ol className={styles.list}>
        {items.map((item, i) => {
          const current = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`} className={styles.item}>
              {i > 0 && (
                <span className={styles.separator} aria-hidden="true">
                  ›
                </span>
              )}
              {current || !item.to ? (
                <span aria-current={current ? "page" : undefined} className={styles.current}>
                  {item.label}
                </span>
              ) : (
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
