import React, { useMemo } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { useSiteData } from "../hooks/useSiteData";
import { breadcrumbList, product as productSchema } from "../utils/structured-data";
import { Breadcrumb } from "../components/category/Breadcrumb";
import { Gallery } from "../components/product/Gallery";
import { ProductPanel } from "../components/product/ProductPanel";
import { ProductTabs } from "../components/product/ProductTabs";
import { UnitsToggle } from "../components/product/UnitsToggle";
import type { ProductTabData, ProductUi } from "../components/product/types";
import { hasConvertibleFigures } from "../utils/unit-preference";
import * as styles from "./product.module.css";

interface ProductData {
  product: {
    slug: string;
    name: string;
    shortDescription: string;
    imageIds: number[];
    models: string[];
    meta: { title: string; description: string };
    tabs: ProductTabData[];
  } | null;
  category: { slug: string; breadcrumb: string } | null;
  catalogue: { nodes: { slug: string; imageIds: number[] }[] };
  ui: ProductUi;
}


/** True when some table of the page holds a figure the metric / imperial toggle converts. */
function offersUnits(tabs: ProductTabData[]): boolean {
  const tables = tabs.flatMap((t) => t.tables ?? []);
  const measures = tabs.flatMap((t) => (t.tools ?? []).flatMap((tool) => [tool.length, tool.width]));
  return hasConvertibleFigures(tables, measures);
}

/** A product page: breadcrumb, name, short description, gallery, then the tabbed information panel. */
export default function ProductTemplate({ data, pageContext }: PageProps<ProductData, { slug: string }>): React.ReactElement {
  const { product, category, catalogue, ui } = data;
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
          </div>
          <div className={styles.gallery}>
            <Gallery
              slug={pageContext.slug}
              products={catalogue.nodes}
              defaultSlug={ui.defaultProduct}
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
  query ProductPage($slug: String!, $category: String!) {
    product: productsJson(slug: { eq: $slug }) {
      slug
      name
      shortDescription
      imageIds
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
    catalogue: allProductsJson(sort: { slug: ASC }) {
      nodes {
        slug
        imageIds
      }
    }
    ui: productUiJson {
      ...ProductUiFields
    }
  }
`;

export function Head({ data, location }: HeadProps<ProductData>): React.ReactElement {
  const { product, category, ui } = data;
  const { company } = useSiteData();
  if (!product) return <Seo title={ui.noProduct} description={ui.noProduct} pathname={location.pathname} noindex />;
  const crumbs = [
    { name: ui.breadcrumbHome, path: "/" },
    ...(category ? [{ name: category.breadcrumb, path: `/${category.slug}` }] : []),
    { name: product.name, path: `/${product.slug}` },
  ];
  return (
    <Seo title={product.meta.title} description={product.meta.description} pathname={location.pathname}>
      <JsonLd data={breadcrumbList(company.siteUrl, crumbs)} />
      <JsonLd
        data={productSchema(company.siteUrl, company, {
          ...product,
          categoryName: category?.breadcrumb ?? "",
          image: product.imageIds.length > 0 ? `/assets/images/${product.imageIds[0]}.png` : undefined,
        })}
      />
    </Seo>
  );
}
