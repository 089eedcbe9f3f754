import React, { Suspense, lazy, useEffect, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { EmptyEnquiry } from "../enquiry/EmptyEnquiry";
import type { CatalogueProduct, EnquiryTexts } from "../enquiry/EnquiryView";
import { useEnquiryItems } from "../enquiry/useEnquiryItems";
import * as styles from "./enquiry.module.css";

interface EnquiryData {
  page: EnquiryTexts & { meta: { title: string; description: string }; heading: string; intro: string };
  products: { nodes: CatalogueProduct[] };
  categories: { nodes: { slug: string; name: string }[] };
}

/** The list and its form: their code (with the forms') loads once there is a list to show. */
const EnquiryView = lazy(() => import("../enquiry/EnquiryView"));

/**
 * The visitor's list and its form once the list has an item (from then on, also when it is emptied: a send's
 * message stays); until then, and in the static HTML, the empty list's ways to the catalogue.
 */
function EnquiryList({ texts, products, categories }: { texts: EnquiryTexts; products: CatalogueProduct[]; categories: { slug: string; name: string }[] }) {
  const items = useEnquiryItems();
  const [listed, setListed] = useState(false);
  useEffect(() => {
    if (items.length > 0) setListed(true);
  }, [items.length]);
  if (!listed) return <EmptyEnquiry texts={texts.empty} categories={categories} />;
  return (
    <Suspense fallback={null}>
      <EnquiryView items={items} texts={texts} products={products} categories={categories} />
    </Suspense>
  );
}

/**
 * /enquiry: the visitor's enquiry list (kept in the browser) and the form that
 * sends it as one request for a quotation (quote_request).
 */
export default function EnquiryPage({ data }: PageProps<EnquiryData>): React.ReactElement {
  const { page } = data;
  return (
    <Layout headerVariant="white">
      <div className={`container section ${styles.page}`}>
        <h1 className={styles.heading}>{page.heading}</h1>
        <p className={styles.intro}>{page.intro}</p>
        <EnquiryList texts={page} products={data.products.nodes} categories={data.categories.nodes} />
      </div>
    </Layout>
  );
}

export const query = graphql`
  query EnquiryPage($lang: String!) {
    page: enquiryJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      heading
      intro
      list {
        heading
        model
        anyModel
        quantity
        note
        remove
        removed
        clear
        cleared
      }
      empty {
        heading
        text
        catalogueHeading
        searchLabel
      }
      form {
        heading
        text
      }
    }
    products: allProductsJson(sort: { name: ASC }, filter: { fields: { lang: { eq: $lang } } }) {
      nodes {
        slug
        name
        models
      }
    }
    categories: allCategoriesJson(filter: { fields: { lang: { eq: $lang } } }) {
      nodes {
        slug
        name
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<EnquiryData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
