import React from "react";
import { FeatureIcon } from "../icons/FeatureIcon";
import * as styles from "./HomeValues.module.css";

export interface HomeValuesData {
  heading: string;
  intro: string;
  items: { icon: string; title: string; text: string }[];
}

/** The four value blocks: Design to Implementation, Lifetime Commitment, Global Network, Operational Excellence. */
export function HomeValues({ values }: { values: HomeValuesData }): React.ReactElement {
  return (
    <section className="section" aria-labelledby="home-values-heading">
      <div className="container">
        <div className={styles.head}>
          <h2 id="home-values-heading">{values.heading}</h2>
          <p>{values.intro}</p>
        </div>
        <ul className={styles.grid}>
          {values.items.map((item) => (
            <li key={item.title} className={styles.card}>
              <span className={styles.icon}>
                <FeatureIcon name={item.icon} size={28} />
              </span>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
