import React from "react";
import * as styles from "./Logo.module.css";

interface LogoProps {
  name: string;
  shortName: string;
}

/** The company mark (drawn for the site) with its name. Decorative: the link around it names it. */
export function Logo({ name, shortName }: LogoProps): React.ReactElement {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="8" fill="#0b1f3a" />
        <path d="M8 28 20 8l12 20H8Z" fill="none" stroke="#f2a900" strokeWidth="3" strokeLinejoin="round" />
        <circle cx="20" cy="22" r="3.5" fill="#ffffff" />
      </svg>
      <span className={styles.name}>
        <span className={styles.full}>{name}</span>
        <span className={styles.short} aria-hidden="true">
          {shortName}
        </span>
      </span>
    </span>
  );
}
