import type { GatsbyConfig } from "gatsby";
import path from "path";
import company from "./data/company.json";
import { ARABIC_ENGINE_OPTIONS, ARABIC_STORE_FIELDS, ENGINE_OPTIONS, INDEX_FIELDS, STORE_FIELDS } from "./src/shared/search/config";
import { ARABIC_SEARCH_QUERY, normalize, normalizeArabic, SEARCH_QUERY } from "./src/shared/search/index-source";
import { ARABIC_DATA_FOLDER, ARABIC_DATA_SOURCE, dataTypeName, OVERLAY_GLOB } from "./src/build/language-nodes";

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
      // Every JSON file in data/ is a node (src/build/language-nodes.ts); an Arabic overlay is merged into its file's Arabic twin.
      options: { name: "data", path: path.resolve(__dirname, "data"), ignore: [OVERLAY_GLOB] },
    },
    {
      // The Arabic twins of the data files, written by gatsby-node.ts (onPreInit) before the data is read.
      resolve: "gatsby-source-filesystem",
      options: { name: ARABIC_DATA_SOURCE, path: path.resolve(__dirname, ARABIC_DATA_FOLDER) },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: path.resolve(__dirname, "generated/images") },
    },
    { resolve: "gatsby-transformer-json", options: { typeName: dataTypeName } },
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
