import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Link } from "../i18n/Link";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import * as styles from "./404.module.css";

interface NotFoundData {
  page: { title: string; description: string; heading: string; text: string; links: { label: string; to: string }[] };
}

export default function NotFoundPage({ data }: PageProps<NotFoundData>): React.ReactElement {
  const { page } = data;
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
  query NotFoundPage($lang: String!) {
    page: notFoundJson(fields: { lang: { eq: $lang } }) {
      title
      description
      heading
      text
      links {
        label
        to
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<NotFoundData>): React.ReactElement {
  return <Seo title={data.page.title} description={data.page.description} pathname={location.pathname} noindex />;
}
