import React from "react";
import { graphql } from "gatsby";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../Picture";
import * as styles from "./ServiceOverview.module.css";

export interface ServiceOverviewData {
  heading: string;
  paragraphs: string[];
  image: ImageDataLike;
  imageAlt: string;
}

/** A heading and a few paragraphs beside one of the project's drawings. */
export function ServiceOverview({ heading, paragraphs, image, imageAlt }: ServiceOverviewData): React.ReactElement {
  const picture = imageOf(image);
  return (
    <section className="section">
      <div className={`container ${styles.grid}`}>
        <div className={styles.text}>
          <h2>{heading}</h2>
          {paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        {picture && <Picture image={picture} alt={imageAlt} className={styles.image} />}
      </div>
    </section>
  );
}

export const servicesOverviewFields = graphql`
  fragment ServicesOverviewFields on ServicesOverview {
    heading
    paragraphs
    image {
      childImageSharp {
        gatsbyImageData(width: 640, layout: CONSTRAINED)
      }
    }
    imageAlt
  }
`;
