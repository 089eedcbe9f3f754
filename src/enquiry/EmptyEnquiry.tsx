import React from "react";
import { Link } from "../i18n/Link";
import * as styles from "./EmptyEnquiry.module.css";

export interface EmptyEnquiryTexts {
  heading: string;
  text: string;
  catalogueHeading: string;
  searchLabel: string;
}

interface EmptyEnquiryProps {
  texts: EmptyEnquiryTexts;
  categories: { slug: string; name: string }[];
}

/** An empty enquiry list: what it is for, and the ways to the catalogue. */
export function EmptyEnquiry({ texts, categories }: EmptyEnquiryProps): React.ReactElement {
  return (
    <section className={styles.empty} aria-labelledby="enquiry-empty" data-testid="enquiry-empty">
      <h2 id="enquiry-empty">{texts.heading}</h2>
      <p>{texts.text}</p>
      <h3>{texts.catalogueHeading}</h3>
      <ul className={styles.catalogue}>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/${category.slug}`}>{category.name}</Link>
          </li>
        ))}
        <li>
          <Link to="/search">{texts.searchLabel}</Link>
        </li>
      </ul>
    </section>
  );
}
