import type { GatsbyNode } from "gatsby";
import fs from "fs";
import path from "path";
import { writeCrawlFiles } from "./src/site-files/crawl";
import { CATALOGUE_ASSETS_QUERY, writeCatalogueAssets, type CatalogueAssetsData } from "./src/catalogue-assets";

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

interface CatalogueQuery {
  categories: { nodes: { slug: string }[] };
  products: { nodes: { slug: string; category: string }[] };
}

/** The category pages and product pages, one per data file, at /<slug>. */
export const createPages: GatsbyNode["createPages"] = async ({ actions, graphql, reporter }) => {
  // /home is the white-header variant's logo target: it leads to the home page.
  actions.createRedirect({ fromPath: "/home", toPath: "/", isPermanent: true, redirectInBrowser: true });

  const result = await graphql<CatalogueQuery>(`
    query Catalogue {
      categories: allCategoriesJson {
        nodes {
          slug
        }
      }
      products: allProductsJson {
        nodes {
          slug
          category
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the catalogue", result.errors);
    return;
  }
  const categories = new Set(result.data.categories.nodes.map((c) => c.slug));
  for (const { slug } of result.data.categories.nodes) {
    actions.createPage({
      path: `/${slug}`,
      component: path.resolve(__dirname, "src/templates/category.tsx"),
      context: { slug },
    });
  }
  for (const { slug, category } of result.data.products.nodes) {
    if (!categories.has(category)) {
      reporter.panicOnBuild(`Product ${slug} names an unknown category "${category}"`);
    }
    actions.createPage({
      path: `/${slug}`,
      component: path.resolve(__dirname, "src/templates/product.tsx"),
      context: { slug, category },
    });
  }
};

/**
 * After the pages: every PDF they link to, the sample policies and
 * certificates, /assets/json/{products,downloads}.json and the product images,
 * made from the same GraphQL data (src/catalogue-assets/).
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
  // The social card image that Open Graph and Twitter tags point to.
  fs.copyFileSync(path.resolve(__dirname, "generated/images/site/og-card.png"), path.resolve(__dirname, "public/og-card.png"));

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
};
