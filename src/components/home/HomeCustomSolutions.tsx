import React from "react";
import { Link } from "../../i18n/Link";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../Picture";
import type { NavLinkData } from "../../hooks/useSiteData";
import * as styles from "./HomeCustomSolutions.module.css";

export interface HomeCustomSolutionsData {
  heading: string;
  text: string;
  link: NavLinkData;
  image: ImageDataLike;
  imageAlt: string;
}

/** The Custom Solutions block: a heading, a short text and the Contact Us link. */
export function HomeCustomSolutions({ block }: { block: HomeCustomSolutionsData }): React.ReactElement {
  const image = imageOf(block.image);
  return (
    <section className={styles.block} aria-labelledby="home-custom-heading">
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h2 id="home-custom-heading" className={styles.heading}>
            {block.heading}
          </h2>
          <p>{block.text}</p>
          <Link to={block.link.to} className="btn">
            {block.link.label}
          </Link>
        </div>
        {image && <Picture image={image} alt={block.imageAlt} className={styles.image} />}
      </div>
    </section>
  );
}
