import React from "react";
import { graphql } from "gatsby";
import * as styles from "./ServiceHero.module.css";

export interface ServiceHeroData {
  eyebrow: string;
  heading: string;
  intro: string[];
}

interface ServiceHeroProps extends ServiceHeroData {
  /** Calls to action under the intro (links or buttons). */
  children?: React.ReactNode;
}

/** The navy band at the top of a service page: eyebrow, the page's h1 and its intro. */
export function ServiceHero({ eyebrow, heading, intro, children }: ServiceHeroProps): React.ReactElement {
  return (
    <section className={styles.hero}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.heading}>{heading}</h1>
        {intro.map((text) => (
          <p key={text} className={styles.intro}>
            {text}
          </p>
        ))}
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </section>
  );
}

export const servicesHeroFields = graphql`
  fragment ServicesHeroFields on ServicesHero {
    eyebrow
    heading
    intro
  }
`;
