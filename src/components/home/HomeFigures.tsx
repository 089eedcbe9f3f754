import React from "react";
import * as styles from "./HomeFigures.module.css";

export interface HomeFiguresData {
  heading: string;
  items: { value: string; label: string }[];
}

/** The four headline figures (200+ tools, 21+ nations, 20+ sustainable projects, 3+ business units, in data/home.json). */
export function HomeFigures({ figures }: { figures: HomeFiguresData }): React.ReactElement {
  return (
    <section className={styles.figures} aria-labelledby="home-figures-heading">
      <div className="container">
        <h2 id="home-figures-heading" className="visually-hidden">
          {figures.heading}
        </h2>
        <ul className={styles.list}>
          {figures.items.map((item) => (
            <li key={item.label} className={styles.item} data-testid="home-figure">
              <span className={styles.value}>{item.value}</span>
              <span className={styles.label}>{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
