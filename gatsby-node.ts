import type { GatsbyNode } from "gatsby";
import fs from "fs";
import path from "path";
import { writeCrawlFiles } from "./src/build/site-files/crawl";
import { writeSiteImages } from "./src/build/site-files/icons";
import { deferBundleScriptsIn } from "./src/build/site-files/after-paint";
import { refreshInlinedStylesheets } from "./src/build/site-files/inline-css";
import { CATALOGUE_ASSETS_QUERY, PRODUCT_CONTENT_FRAGMENT, writeCatalogueAssets, type CatalogueAssetsData } from "./src/build/catalogue-assets";
import type { ContentTabData } from "./src/components/product/types";
import { galleryIdsFor, productImageUrl } from "./src/shared/utils/gallery";
import { breadcrumbList, product as productSchema, type JsonLd, type ProductForSchema } from "./src/utils/structured-data";
import { modelFromYaml } from "./src/api-reference/model";
import { checkLibraryFiles, createLibraryPage } from "./src/downloads-library/build";
import { BuildAssetsPlugin } from "./src/build/build-assets";
import { resolveFigures } from "./src/utils/description-figures";
import type { FigureSource } from "./src/shared/utils/figure-placeholders.cjs";

const SCHEMA_DIR = path.resolve(__dirname, "src/schema");

/**
 * Node types for every file in data/, written in GraphQL SDL under
 * src/schema/. Types are declared with @dontInfer and non-null fields, so a
 * data file that lacks a field fails the build rather than rendering empty.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  const files = fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .sort();
  for (const file of files) {
    actions.createTypes(fs.readFileSync(path.join(SCHEMA_DIR, file), "utf8"));
  }
};

type ProductSource = FigureSource & { slug: string; shortDescription: string; meta: { title: string; description: string } };

/**
 * Figures written once: a product's descriptions take their figures from its
 * specification table (`{range: Working pressure}`, src/utils/description-figures.ts).
 * Resolved here, in the data layer, so every reader of the descriptions (the
 * page's meta description and Open Graph, JSON-LD, category cards, PDFs) gets
 * the figures; a placeholder that names no figure fails the query, and the build.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  const where = (source: ProductSource, field: string) => `data/products/${source.slug}.json ${field}`;
  createResolvers({
    ProductsJson: {
      shortDescription: {
        resolve: (source: ProductSource) => resolveFigures(source.shortDescription, source, where(source, "/shortDescription")),
      },
      meta: {
        resolve: (source: ProductSource) => ({ ...source.meta, description: resolveFigures(source.meta.description, source, where(source, "/meta/description")) }),
      },
    },
    // A category lists the products its file names, in that order, then every other product whose file names the
    // category, by name: a new product is one data file, and appears on its category page without a second edit.
    CategoriesJson: {
      products: {
        type: "[ProductsJson!]!",
        resolve: async (source: { slug: string; products: string[] }, _args: unknown, context: { nodeModel: { findAll: (q: { type: string }) => Promise<{ entries: Iterable<{ slug: string; name: string; category: string }> }> } }) => {
          const { entries } = await context.nodeModel.findAll({ type: "ProductsJson" });
          const all = [...entries];
          const bySlug = new Map(all.map((p) => [p.slug, p]));
          const listed = source.products.flatMap((slug) => bySlug.get(slug) ?? []);
          const others = all.filter((p) => p.category === source.slug && !source.products.includes(p.slug)).sort((a, b) => a.name.localeCompare(b.name));
          return [...listed, ...others];
        },
      },
    },
  });
};

/**
 * The browser bundle's build lists the files it emitted (public/webpack.assets.json, src/build/build-assets.ts):
 * the service worker's precache takes this build's scripts from it, never an older build's.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ plugins: [new BuildAssetsPlugin(path.resolve(__dirname, "public"))] });
};

interface CatalogueQuery {
  categories: { nodes: { slug: string; breadcrumb: string; products: { imageIds: number[] }[] }[] };
  products: { nodes: (Omit<ProductForSchema, "categoryName" | "image" | "tabs"> & { category: string; imageIds: number[]; tabs: ContentTabData[] })[] };
  ui: { defaultProduct: string; breadcrumbHome: string };
  company: { name: string; siteUrl: string };
}

/** File names of product images for a page query's `name: { in: $imageNames }`. */
const imageNames = (ids: readonly number[]): string[] => [...new Set(ids)].map(String);

/** The category pages and product pages, one per data file, at /<slug>. */
export const createPages: GatsbyNode["createPages"] = async ({ actions, graphql, reporter }) => {
  // /home is the white-header variant's logo target: it leads to the home page.
  actions.createRedirect({ fromPath: "/home", toPath: "/", isPermanent: true, redirectInBrowser: true });

  const result = await graphql<CatalogueQuery>(`
    query Catalogue {
      categories: allCategoriesJson {
        nodes {
          slug
          breadcrumb
          products {
            imageIds
          }
        }
      }
      products: allProductsJson {
        nodes {
          ...ProductContent
          tabs {
            tools {
              drawing {
                relativePath
              }
            }
          }
        }
      }
      ui: productUiJson {
        defaultProduct
        breadcrumbHome
      }
      company: companyJson {
        name
        siteUrl
      }
    }
    ${PRODUCT_CONTENT_FRAGMENT}
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the catalogue", result.errors);
    return;
  }
  const { company, ui } = result.data;
  // The API reference, made from the contract on every build (src/api-reference/model.ts); its examples call the site's own URL.
  actions.createPage({
    path: "/api-reference",
    component: path.resolve(__dirname, "src/templates/api-reference.tsx"),
    context: { model: modelFromYaml(fs.readFileSync(path.resolve(__dirname, "openapi.yaml"), "utf8"), { baseUrl: company.siteUrl }) },
  });
  // The document library: every document with the size of its built file (src/downloads-library/).
  await createLibraryPage({ graphql, actions, reporter, component: path.resolve(__dirname, "src/downloads-library/DownloadsLibraryPage.tsx") });
  // Structured data is worked out here, so the pages' scripts do not carry the code that builds it.
  const home = { name: ui.breadcrumbHome, path: "/" };
  const categories = new Map(result.data.categories.nodes.map((c) => [c.slug, c]));
  for (const { slug, breadcrumb, products } of result.data.categories.nodes) {
    const jsonLd: JsonLd[] = [breadcrumbList(company.siteUrl, [home, { name: breadcrumb, path: `/${slug}` }])];
    actions.createPage({
      path: `/${slug}`,
      component: path.resolve(__dirname, "src/templates/category.tsx"),
      // Each card shows its product's first image.
      context: { slug, imageNames: imageNames(products.flatMap((p) => p.imageIds.slice(0, 1))), jsonLd },
    });
  }
  const catalogue = result.data.products.nodes;
  const galleryContext = (slug: string) => {
    const galleryImageIds = galleryIdsFor(slug, catalogue, ui.defaultProduct);
    return { galleryImageIds, imageNames: imageNames(galleryImageIds) };
  };
  for (const product of catalogue) {
    const { slug, category } = product;
    const parent = categories.get(category);
    if (!parent) {
      reporter.panicOnBuild(`Product ${slug} names an unknown category "${category}"`);
      continue;
    }
    const jsonLd: JsonLd[] = [
      breadcrumbList(company.siteUrl, [home, { name: parent.breadcrumb, path: `/${category}` }, { name: product.name, path: `/${slug}` }]),
      productSchema(company.siteUrl, company, {
        ...product,
        categoryName: parent.breadcrumb,
        image: product.imageIds.length > 0 ? productImageUrl(product.imageIds[0]) : undefined,
      }),
    ];
    // The tabs are the product's content as its PDFs read it (PRODUCT_CONTENT_FRAGMENT); the page queries the drawings' images.
    const drawingPaths = product.tabs.flatMap((tab) => (tab.tools ?? []).map((tool) => tool.drawing.relativePath));
    actions.createPage({
      path: `/${slug}`,
      component: path.resolve(__dirname, "src/templates/product.tsx"),
      context: { slug, category, ...galleryContext(slug), jsonLd, tabs: product.tabs, drawingPaths },
    });
  }
};

/**
 * After the pages: every PDF they link to, the sample policies and
 * certificates, /assets/json/{products,downloads}.json and the product images,
 * made from the same GraphQL data (src/build/catalogue-assets/).
 */
interface CrawlData {
  pages: { nodes: { path: string }[] };
  company: { siteUrl: string };
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const crawl = await graphql<CrawlData>(`
    query CrawlFiles {
      pages: allSitePage {
        nodes {
          path
        }
      }
      company: companyJson {
        siteUrl
      }
    }
  `);
  if (crawl.errors || !crawl.data) {
    reporter.panicOnBuild("Could not list the pages for sitemap.xml", crawl.errors);
    return;
  }
  writeCrawlFiles(
    path.resolve(__dirname, "public"),
    crawl.data.company.siteUrl,
    crawl.data.pages.nodes.map((n) => n.path),
  );
  const restyled = refreshInlinedStylesheets(path.resolve(__dirname, "public"));
  if (restyled > 0) reporter.info(`this build's stylesheet inlined into ${restyled} pages Gatsby had not rebuilt`);
  // Every page paints before its scripts are fetched (src/build/site-files/after-paint.ts).
  const deferred = deferBundleScriptsIn(path.resolve(__dirname, "public"));
  reporter.info(`bundle scripts deferred past the first paint in ${deferred} pages`);

  // The social card image that Open Graph and Twitter tags point to, and the icons.
  writeSiteImages(path.resolve(__dirname, "generated/images/site"), path.resolve(__dirname, "public"));

  const result = await graphql<CatalogueAssetsData>(CATALOGUE_ASSETS_QUERY);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data for the catalogue assets", result.errors);
    return;
  }
  await writeCatalogueAssets({
    data: result.data,
    publicDir: path.resolve(__dirname, "public"),
    imagesDir: path.resolve(__dirname, "generated/images/products"),
    reporter,
  });
  // The sizes /downloads shows are those of the files just written.
  checkLibraryFiles(path.resolve(__dirname, "public"), reporter);
};
