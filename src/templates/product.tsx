import React, { useMemo } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { Breadcrumb } from "../components/category/Breadcrumb";
import { Gallery } from "../components/product/Gallery";
import { ProductPanel } from "../components/product/ProductPanel";
import { ProductTabs } from "../components/product/ProductTabs";
import { UnitsToggle } from "../components/product/UnitsToggle";
import { AddToEnquiry } from "../enquiry/AddToEnquiry";
import type { ProductTabData, ProductUi } from "../components/product/types";
import { productImageMap, type ProductImageNode } from "../components/product/product-images";
import { hasConvertibleFigures } from "../utils/unit-preference";
import * as styles from "./product.module.css";

interface ProductData {
  product: {
    slug: string;
    name: string;
    shortDescription: string;
    models: string[];
    meta: { title: string; description: string };
    tabs: ProductTabData[];
  } | null;
  category: { slug: string; breadcrumb: string } | null;
  ui: ProductUi;
  images: { nodes: ProductImageNode[] };
}


/** Set by gatsby-node.ts: the gallery's image ids (the product's, or the default product's when it has none) and their file names for the query. */
interface ProductContext {
  slug: string;
  galleryImageIds: number[];
  /** BreadcrumbList and Product, built by gatsby-node.ts from the same data. */
  jsonLd: Record<string, unknown>[];
}

/** True when some table of the page holds a figure the metric / imperial toggle converts. */
function offersUnits(tabs: ProductTabData[]): boolean {
  const tables = tabs.flatMap((t) => t.tables ?? []);
  const measures = tabs.flatMap((t) => (t.tools ?? []).flatMap((tool) => [tool.length, tool.width]));
  return hasConvertibleFigures(tables, measures);
}

/** A product page: breadcrumb, name, short description, gallery, then the tabbed information panel. */
export default function ProductTemplate({ data, pageContext }: PageProps<ProductData, ProductContext>): React.ReactElement {
  const { product, category, ui } = data;
  const images = useMemo(() => productImageMap(data.images.nodes), [data.images]);
  const showUnits = useMemo(() => (product ? offersUnits(product.tabs) : false), [product]);

  if (!product) {
    return (
      <Layout headerVariant="white">
        <section className="container section">
          <p>{ui.noProduct}</p>
        </section>
      </Layout>
    );
  }

  const crumbs = [{ label: ui.breadcrumbHome, to: "/" }];
  if (category) crumbs.push({ label: category.breadcrumb, to: `/${category.slug}` });

  return (
    <Layout headerVariant="white">
      <section className={`container ${styles.intro}`}>
        <Breadcrumb label={ui.breadcrumbLabel} items={[...crumbs, { label: product.name }]} />
        <div className={styles.top}>
          <div className={styles.summary}>
            <h1 className={styles.title}>{product.name}</h1>
            <p className={styles.description}>{product.shortDescription}</p>
            <AddToEnquiry product={product.slug} name={product.name} models={product.models} />
          </div>
          <div className={styles.gallery}>
            <Gallery
              imageIds={pageContext.galleryImageIds}
              images={images}
              name={product.name}
              label={ui.galleryLabel}
              thumbnailTemplate={ui.thumbnailLabel}
              altTemplate={ui.imageAlt}
              noProduct={ui.noProduct}
            />
          </div>
        </div>
      </section>

      <section className={`section section-alt ${styles.info}`} aria-label={ui.tabsLabel}>
        <div className="container">
          {showUnits && (
            <div className={styles.toolbar}>
              <UnitsToggle label={ui.unitsLabel} metricLabel={ui.metricLabel} imperialLabel={ui.imperialLabel} />
            </div>
          )}
          <ProductTabs tabs={product.tabs} label={ui.tabsLabel} renderPanel={(tab) => <ProductPanel tab={tab} slug={product.slug} ui={ui} />} />
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query ProductPage($slug: String!, $category: String!, $imageNames: [String!]!) {
    product: productsJson(slug: { eq: $slug }) {
      slug
      name
      shortDescription
      models
      meta {
        title
        description
      }
      tabs {
        id
        label
        kind
        intro
        items
        notes
        tables {
          id
          title
          columns {
            label
            unit
          }
          rows
          note
        }
        documents {
          id
          label
          kind
          available
        }
        tools {
          model
          description
          angle
          length
          width
          drawing {
            childImageSharp {
              gatsbyImageData(width: 240, layout: CONSTRAINED, placeholder: NONE)
            }
          }
        }
      }
    }
    category: categoriesJson(slug: { eq: $category }) {
      slug
      breadcrumb
    }
    ui: productUiJson {
      ...ProductUiFields
    }
    images: allFile(filter: { sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: "products" }, name: { in: $imageNames } }) {
      nodes {
        ...ProductImage
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<ProductData, ProductContext>): React.ReactElement {
  const { product, ui } = data;
  if (!product) return <Seo title={ui.noProduct} description={ui.noProduct} pathname={location.pathname} noindex />;
  return (
    <Seo title={product.meta.title} description={product.meta.description} pathname={location.pathname}>
      {pageContext.jsonLd.map((item, i) => (
        <JsonLd key={i} data={item} />
      ))}
    </Seo>
  );
}
