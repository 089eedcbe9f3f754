/** The site's data files as the build's queries hand them over, for unit tests of build steps. */
import fs from "fs";
import path from "path";
import type { CatalogueAssetsData } from "../src/build/catalogue-assets";
import type { Product } from "../src/build/catalogue-assets/types";
import type { FigureTable } from "../src/shared/utils/figure-placeholders.cjs";
import { withResolvedFigures } from "../src/utils/description-figures";

const ROOT = path.resolve(__dirname, "..");

/** A data file of its own, not the Arabic words of one (<name>.ar.json). */
const isEnglish = (file: string): boolean => file.endsWith(".json") && !file.endsWith(".ar.json");

/** A file of data/, parsed. */
export const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, "data", file), "utf8")) as T;

/** The data files in the shape the build's GraphQL query returns them (category products linked by slug). */
export function loadCatalogueData(): CatalogueAssetsData {
  const products = fs
    .readdirSync(path.join(ROOT, "data/products"))
    .filter(isEnglish)
    .sort()
    // As the build's data layer hands them over: descriptions with the figures of their tables (gatsby-node's createResolvers).
    .map((f) => withResolvedFigures(readJson<Product>(`products/${f}`)));
  const categories = fs
    .readdirSync(path.join(ROOT, "data/categories"))
    .filter(isEnglish)
    .map((f) => readJson<{ slug: string; name: string; products: string[] }>(`categories/${f}`))
    .map((c) => ({ slug: c.slug, name: c.name, products: c.products.map((slug) => ({ slug })) }));
  return {
    company: readJson("company.json"),
    ui: readJson("product-ui.json"),
    documents: readJson("documents.json"),
    categories: { nodes: categories },
    navigation: readJson("navigation.json"),
    products: { nodes: products },
  };
}

/** A product data file as tests read it: the fields they check, loosely typed beyond those. */
export interface ProductData {
  slug: string;
  name: string;
  category: string;
  shortDescription: string;
  imageIds: number[];
  photos?: string[];
  models: string[];
  meta: { title: string; description: string };
  tabs: { id: string; label: string; kind: string; documents?: { id: string; label: string; kind: string; available: boolean; file?: string }[]; tables?: FigureTable[]; [key: string]: unknown }[];
}

/** A category data file: its products by slug, in the order the page lists them. */
export interface CategoryData {
  slug: string;
  name: string;
  products: string[];
}

const jsonFiles = (folder: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, "data", folder))
    .filter(isEnglish)
    .sort();

/** Every product of data/products/, by file name, its descriptions' figures written in as the build does. Tests that check every product read this list, never one of their own. */
export const productsData = (): ProductData[] => jsonFiles("products").map((f) => withResolvedFigures(readJson<ProductData>(`products/${f}`)));

/** Every category of data/categories/, by file name. */
export const categoriesData = (): CategoryData[] => jsonFiles("categories").map((f) => readJson<CategoryData>(`categories/${f}`));

/** The slugs of every product page. */
export const productSlugs = (): string[] => productsData().map((p) => p.slug);
