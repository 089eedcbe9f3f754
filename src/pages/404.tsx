import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Link } from "../i18n/Link";
import { useLang } from "../i18n/LangContext";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { langOfPath } from "../shared/i18n/lang";
import * as styles from "./404.module.css";

interface NotFoundWords {
  title: string;
  description: string;
  heading: string;
  text: string;
  links: { label: string; to: string }[];
}

/**
 * Both languages' words: in the browser an unknown address is shown with the 404 page's data whatever its language
 * (Gatsby's loader falls back to /404.html), so the page speaks the language of the address (/ar/... Arabic).
 */
interface NotFoundData {
  en: NotFoundWords;
  ar: NotFoundWords | null;
}

const wordsOf = (data: NotFoundData, lang: string): NotFoundWords => (lang === "ar" && data.ar) || data.en;

export default function NotFoundPage({ data }: PageProps<NotFoundData>): React.ReactElement {
  const page = wordsOf(data, useLang());
  return (
    <Layout headerVariant="white">
      <section className={`container section ${styles.notFound}`}>
        <h1>{page.heading}</h1>
        <p>{page.text}</p>
        <ul className={styles.links}>
          {page.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query NotFoundPage {
    en: notFoundJson(fields: { lang: { eq: "en" } }) {
      ...NotFoundWords
    }
    ar: notFoundJson(fields: { lang: { eq: "ar" } }) {
      ...NotFoundWords
    }
  }
  fragment NotFoundWords on NotFoundJson {
    title
    description
    heading
    text
    links {
      label
      to
    }
  }
`;

export function Head({ data, location }: HeadProps<NotFoundData>): React.ReactElement {
  const page = wordsOf(data, langOfPath(location.pathname));
  return <Seo title={page.title} description={page.description} pathname={location.pathname} noindex />;
}
