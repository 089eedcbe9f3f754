import React, { useMemo } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { BackgroundVideo, type VideoSource } from "../components/BackgroundVideo";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { Breadcrumb } from "../components/category/Breadcrumb";
import { ProductCard } from "../components/category/ProductCard";
import type { ProductUi } from "../components/product/types";
import { productImageMap, type ProductImageNode } from "../components/product/product-images";
import * as styles from "./category.module.css";

interface CategoryData {
  category: {
    slug: string;
    name: string;
    breadcrumb: string;
    intro: string[];
    video: VideoSource;
    meta: { title: string; description: string };
    products: { slug: string; name: string; shortDescription: string }[];
  };
  ui: ProductUi;
  images: { nodes: ProductImageNode[] };
}

/** Set by gatsby-node.ts: each card's picture (its path, by product slug: the first photo, else the first drawn image) and the page's BreadcrumbList. */
interface CategoryContext {
  cards: Record<string, string>;
  jsonLd: Record<string, unknown>[];
}

/** Card images take a third of the container on wide screens, half on medium ones, the full width on phones. */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw";

/** A category page: video banner with breadcrumb and title, intro, and the product cards in the listed order. */
export default function CategoryTemplate({ data, pageContext }: PageProps<CategoryData, CategoryContext>): React.ReactElement {
  const { category, ui } = data;
  const images = useMemo(() => productImageMap(data.images.nodes), [data.images]);
  return (
    <Layout headerVariant="dark">
      <section className={styles.banner} aria-labelledby="category-title">
        <BackgroundVideo desktop={category.video} />
        <div className={styles.shade} aria-hidden="true" />
        <div className={`container ${styles.bannerContent}`}>
          <Breadcrumb
            label={ui.breadcrumbLabel}
            tone="light"
            items={[{ label: ui.breadcrumbHome, to: "/" }, { label: category.breadcrumb }]}
          />
          <h1 id="category-title" className={styles.title}>
            {category.name}
          </h1>
        </div>
      </section>

      <section className="container">
        <div className={styles.intro}>
          {category.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section className={`section section-alt ${styles.products}`} aria-labelledby="category-products">
        <div className="container">
          <h2 id="category-products" className="visually-hidden">
            {ui.categoryProductsTitle}
          </h2>
          <ul className={styles.grid} data-testid="category-products">
            {category.products.map((p) => {
              const image = images.get(pageContext.cards[p.slug]);
              return (
                <li key={p.slug}>
                  <ProductCard
                    slug={p.slug}
                    name={p.name}
                    shortDescription={p.shortDescription}
                    image={image ?? null}
                    imageSizes={CARD_IMAGE_SIZES}
                    cta={ui.cardCta}
                    headingLevel="h3"
                  />
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query CategoryPage($slug: String!, $picturePaths: [String!]!, $lang: String!) {
    category: categoriesJson(slug: { eq: $slug }, fields: { lang: { eq: $lang } }) {
      slug
      name
      breadcrumb
      intro
      video {
        base
        width
        height
        formats
      }
      meta {
        title
        description
      }
      products {
        slug
        name
        shortDescription
      }
    }
    ui: productUiJson(fields: { lang: { eq: $lang } }) {
      ...ProductUiFields
    }
    images: allFile(filter: { sourceInstanceName: { in: ["data", "images"] }, relativePath: { in: $picturePaths } }) {
      nodes {
        ...ProductImage
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<CategoryData, CategoryContext>): React.ReactElement {
  const { category } = data;
  return (
    <Seo title={category.meta.title} description={category.meta.description} pathname={location.pathname}>
      {pageContext.jsonLd.map((item, i) => (
        <JsonLd key={i} data={item} />
      ))}
    </Seo>
  );
}
