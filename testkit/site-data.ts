/** The site's data files as the build's queries hand them over, for unit tests of build steps. */
import fs from "fs";
import path from "path";
import type { CatalogueAssetsData } from "../src/build/catalogue-assets";
import type { Product } from "../src/build/catalogue-assets/types";

const ROOT = path.resolve(__dirname, "..");

/** A file of data/, parsed. */
export const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, "data", file), "utf8")) as T;

/** The data files in the shape the build's GraphQL query returns them (category products linked by slug). */
export function loadCatalogueData(): CatalogueAssetsData {
  const products = fs
    .readdirSync(path.join(ROOT, "data/products"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => readJson<Product>(`products/${f}`));
  const categories = fs
    .readdirSync(path.join(ROOT, "data/categories"))
    .filter((f) => f.endsWith(".json"))
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
