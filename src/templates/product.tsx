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
import { SaveOffline, type SaveOfflineTexts } from "../offline/saved/SaveOffline";
import type { ConsumableToolData, ContentTabData, ProductTabData, ProductUi } from "../components/product/types";
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
  } | null;
  /** The product's name as the specification gives it, shown under the Arabic name. */
  english: { name: string } | null;
  category: { slug: string; breadcrumb: string } | null;
  ui: ProductUi & { saveOffline: SaveOfflineTexts };
  images: { nodes: ProductImageNode[] };
  drawings: { nodes: { relativePath: string; childImageSharp: NonNullable<ConsumableToolData["drawing"]>["childImageSharp"] }[] };
}

/** The tabs with each tool's drawing image (queried by its file). */
function withDrawings(tabs: ContentTabData[], drawings: ProductData["drawings"]["nodes"]): ProductTabData[] {
  const images = new Map(drawings.map((node) => [node.relativePath, node]));
  return tabs.map((tab) => ({ ...tab, tools: tab.tools && tab.tools.map((tool) => ({ ...tool, drawing: images.get(tool.drawing.relativePath) ?? null })) }));
}


/** Set by gatsby-node.ts: the gallery's pictures (the product's photos, else its drawn images) and their paths for the query. */
interface ProductContext {
  slug: string;
  gallery: { id: string; path: string }[];
  /** BreadcrumbList and Product, built by gatsby-node.ts from the same data. */
  jsonLd: Record<string, unknown>[];
  /** The product's tabs, from the selection its PDFs are made from. */
  tabs: ContentTabData[];
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
  const tabs = useMemo(() => withDrawings(pageContext.tabs, data.drawings.nodes), [pageContext.tabs, data.drawings]);
  const showUnits = useMemo(() => (product ? offersUnits(tabs) : false), [product, tabs]);

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
            {data.english && data.english.name !== product.name && (
              <p className={styles.englishName} lang="en" dir="ltr">
                {data.english.name}
              </p>
            )}
            <p className={styles.description}>{product.shortDescription}</p>
            <AddToEnquiry product={product.slug} name={product.name} models={product.models} />
            <SaveOffline kind="product" path={`/${product.slug}`} texts={ui.saveOffline} />
          </div>
          <div className={styles.gallery}>
            <Gallery
              pictures={pageContext.gallery}
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
          <ProductTabs tabs={tabs} label={ui.tabsLabel} renderPanel={(tab, open) => <ProductPanel tab={tab} slug={product.slug} ui={ui} open={open} />} />
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query ProductPage($slug: String!, $category: String!, $picturePaths: [String!]!, $drawingPaths: [String!]!, $lang: String!) {
    product: productsJson(slug: { eq: $slug }, fields: { lang: { eq: $lang } }) {
      slug
      name
      shortDescription
      models
      meta {
        title
        description
      }
    }
    english: productsJson(slug: { eq: $slug }, fields: { lang: { eq: "en" } }) {
      name
    }
    category: categoriesJson(slug: { eq: $category }, fields: { lang: { eq: $lang } }) {
      slug
      breadcrumb
    }
    ui: productUiJson(fields: { lang: { eq: $lang } }) {
      ...ProductUiFields
      saveOffline {
        ...SaveOfflineFields
      }
    }
    images: allFile(filter: { sourceInstanceName: { in: ["data", "images"] }, relativePath: { in: $picturePaths } }) {
      nodes {
        ...ProductImage
      }
    }
    drawings: allFile(filter: { relativePath: { in: $drawingPaths } }) {
      nodes {
        relativePath
        childImageSharp {
          gatsbyImageData(width: 240, layout: CONSTRAINED, placeholder: NONE)
        }
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
