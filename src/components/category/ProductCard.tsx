import React from "react";
import { Link } from "../../i18n/Link";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../Picture";
import { Icon } from "../Icon";
import { AddToEnquiry } from "../../enquiry/AddToEnquiry";
import * as styles from "./ProductCard.module.css";

interface ProductCardProps {
  slug: string;
  name: string;
  shortDescription: string;
  image: IGatsbyImageData | null;
  /** The image's `sizes` hint: how wide the card is at each screen width. */
  imageSizes?: string;
  cta: string;
  /** The heading level inside the grid (h2 under the page's h1). */
  headingLevel?: "h2" | "h3";
}

/**
 * A product tile: image, name, short description. The whole card is
 * clickable through its one link (the name), stretched over the card, so
 * there is no nested link and the link's name is the product's name.
 */
export function ProductCard({ slug, name, shortDescription, image, imageSizes, cta, headingLevel = "h2" }: ProductCardProps): React.ReactElement {
  const Heading = headingLevel;
  return (
    <article className={styles.card} data-testid="product-card">
      <div className={styles.media}>
        {image ? <Picture image={image} sizes={imageSizes} alt="" className={styles.image} /> : <div className={styles.placeholder} />}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={`/${slug}`} className={styles.link}>
            {name}
          </Link>
        </Heading>
        <p className={styles.text}>{shortDescription}</p>
        <span className={styles.cta} aria-hidden="true">
          {cta}
          <Icon name="chevronRight" size={18} />
        </span>
        <AddToEnquiry product={slug} name={name} compact />
      </div>
    </article>
  );
}
