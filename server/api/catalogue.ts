import fs from "fs";
import path from "path";
import type { RequestHandler } from "express";
import { APP_ROOT } from "../app-root";
import { metrics } from "../metrics";
import { ApiError, echoed, type FieldError } from "./errors";

/**
 * The products a quotation request may name: the `slug` of every
 * data/products/*.json of the build this server serves (baked into dist/ by
 * scripts/build/runtime-files.cjs, so the server accepts what the site it
 * serves shows). The contract does not list them (contract 1.5.0): adding or
 * removing a product is a change of data/ alone.
 *
 * Read once at start; a catalogue that cannot be read, or holds no product,
 * stops the server there rather than refusing every quotation request later.
 */
export function productSlugs(dataDir: string = path.join(APP_ROOT, "data")): ReadonlySet<string> {
  const folder = path.join(dataDir, "products");
  let files: string[];
  try {
    // The Arabic words of a product (<slug>.ar.json) are the site's, not the catalogue's.
    files = fs.readdirSync(folder).filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json"));
  } catch (err) {
    throw new Error(`The catalogue (${folder}) cannot be read, so quotation requests cannot be checked: ${(err as Error).message}`);
  }
  const slugs = new Set<string>();
  for (const file of files) {
    const product = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as { slug?: unknown };
    if (typeof product.slug !== "string" || product.slug === "") throw new Error(`${path.join(folder, file)} has no slug`);
    slugs.add(product.slug);
  }
  if (slugs.size === 0) throw new Error(`The catalogue (${folder}) holds no product, so every quotation request would be refused`);
  return slugs;
}

/** Each unknown product in the answer's words: `"flux-capacitor" (item 2)`. */
function named(unknown: { product: string; index: number }[]): string {
  const parts = unknown.map(({ product, index }) => `"${echoed(product, 100)}" (item ${index + 1})`);
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The answer (422) to items whose products the catalogue does not have; its message names each of them. */
export function unknownProductsError(unknown: { product: string; index: number }[]): ApiError {
  const many = unknown.length > 1;
  const message =
    `This site's catalogue has no ${many ? "products" : "product"} ${named(unknown)}. ` +
    `Please remove ${many ? "them" : "it"} from your list and send the request again.`;
  const errors: FieldError[] = unknown.slice(0, 20).map(({ index }) => ({ path: `/body/items/${index}/product`, message: "is not a product of this site's catalogue" }));
  return new ApiError(422, message, errors);
}

/**
 * A quotation request's step after the contract's validator (which has checked
 * each item's shape): every item's product must be in the served catalogue, or
 * the request is answered 422 naming the unknown ones, before anything is
 * stored. Counted as an invalid submission of the form, like a 400.
 */
export function catalogueCheck(form: string, products: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const items = (req.body as { items?: { product?: unknown }[] } | undefined)?.items ?? [];
    const unknown = items.flatMap((item, index) => (typeof item.product === "string" && !products.has(item.product) ? [{ product: item.product, index }] : []));
    if (unknown.length === 0) {
      next();
      return;
    }
    metrics.countSubmission(form, "invalid");
    next(unknownProductsError(unknown));
  };
}
