import type { GatsbyConfig } from "gatsby";
import path from "path";
import company from "./data/company.json";
import { ARABIC_ENGINE_OPTIONS, ARABIC_STORE_FIELDS, ENGINE_OPTIONS, INDEX_FIELDS, STORE_FIELDS } from "./src/shared/search/config";
import { ARABIC_SEARCH_QUERY, normalize, normalizeArabic, SEARCH_QUERY } from "./src/shared/search/index-source";

/**
 * Every JSON file in data/ becomes a node type named after the file
 * (data/home.json -> HomeJson); files in a sub-folder are named after the
 * folder (data/products/*.json -> ProductsJson). The types themselves are
 * declared in src/schema/*.graphql (see gatsby-node.ts), so a missing field
 * fails the build instead of rendering empty.
 */
function typeName({ node }: { node: { name: string; relativeDirectory: string } }): string {
  const base = node.relativeDirectory ? path.basename(node.relativeDirectory) : node.name;
  const camel = base.replace(/[-_\s]+(.)/g, (_m, c: string) => c.toUpperCase());
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Json`;
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: company.name,
    siteUrl: company.siteUrl,
    description: company.description,
  },
  graphqlTypegen: false,
  trailingSlash: "never",
  plugins: [
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: { formats: ["auto", "webp", "avif"], placeholder: "dominantColor", quality: 70 },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "data", path: path.resolve(__dirname, "data") },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: path.resolve(__dirname, "generated/images") },
    },
    { resolve: "gatsby-transformer-json", options: { typeName } },
    {
      // The product search index (flexsearch 0.6), published as files the
      // browser fetches when a search starts: see src/search/.
      resolve: "gatsby-plugin-local-search",
      options: {
        name: "products",
        engine: "flexsearch",
        engineOptions: ENGINE_OPTIONS,
        query: SEARCH_QUERY,
        ref: "slug",
        index: INDEX_FIELDS,
        store: STORE_FIELDS,
        normalizer: normalize,
      },
    },
    {
      // The Arabic product search index (/ar/search, localSearchProductsAr):
      // the Arabic product nodes with the Arabic encoder and splitter
      // (src/shared/search/arabic.ts), which the browser passes again.
      resolve: "gatsby-plugin-local-search",
      options: {
        name: "productsAr",
        engine: "flexsearch",
        engineOptions: ARABIC_ENGINE_OPTIONS,
        query: ARABIC_SEARCH_QUERY,
        ref: "slug",
        index: INDEX_FIELDS,
        store: ARABIC_STORE_FIELDS,
        normalizer: normalizeArabic,
      },
    },
  ],
};

export default config;
