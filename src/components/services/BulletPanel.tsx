import React, { useId } from "react";
import { graphql } from "gatsby";
import { Icon } from "../Icon";
import * as styles from "./BulletPanel.module.css";

export interface BulletPanelData {
  heading: string;
  intro: string;
  items: string[];
}

interface BulletPanelProps extends BulletPanelData {
  tone?: "light" | "dark";
  /** Two columns of points on wide screens (long lists in a full-width panel). */
  columns?: 1 | 2;
}

/** A panel with a heading, an intro line and a list of ticked points. */
export function BulletPanel({ heading, intro, items, tone = "light", columns = 1 }: BulletPanelProps): React.ReactElement {
  const headingId = useId();
  return (
    <section className={styles.panel} data-tone={tone} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <p className={styles.intro}>{intro}</p>
      <ul className={styles.list} data-columns={columns}>
        {items.map((item) => (
          <li key={item}>
            <Icon name="check" size={20} className={styles.tick} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const servicesBulletPanelFields = graphql`
  fragment ServicesBulletPanelFields on ServicesBulletPanel {
    heading
    intro
    items
  }
`;
