import React from "react";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../Picture";
import * as styles from "./HomeTrustedBy.module.css";

export interface HomeTrustedByData {
  heading: string;
  placeholder: boolean;
  logos: { image: ImageDataLike; alt: string }[];
}

/** The Trusted By strip: eight client logos (placeholder drawings until the real logos are supplied). */
export function HomeTrustedBy({ trustedBy }: { trustedBy: HomeTrustedByData }): React.ReactElement {
  return (
    <section className={`section ${styles.trusted}`} aria-labelledby="home-trusted-heading" data-placeholder={trustedBy.placeholder}>
      <div className="container">
        <h2 id="home-trusted-heading" className={styles.heading}>
          {trustedBy.heading}
        </h2>
        <ul className={styles.logos}>
          {trustedBy.logos.map((logo) => {
            const image = imageOf(logo.image);
            return (
              <li key={logo.alt} className={styles.logo}>
                {image && <Picture image={image} alt={logo.alt} className={styles.image} />}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
