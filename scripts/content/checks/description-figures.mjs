/**
 * Figures written once: a product's descriptions (`shortDescription`,
 * `meta.description`) name cells of its specification tables with
 * placeholders such as `{range: Working pressure}` (the value of the row
 * "Working pressure" in the table with the id "range") or
 * `{models: Range of the series / Reach}` (a column named after a slash), and
 * the build writes the figure in. A placeholder that names no table, row,
 * column or figure is reported here, with the product file and the field,
 * before the build would stop on it.
 *
 * The parsing and lookup are the build's own (src/shared/utils/figure-placeholders.cjs).
 */
import { describedFields, placeholderErrors } from "../../../src/shared/utils/figure-placeholders.cjs";

const PRODUCT_FILE = /^data\/products\/[^/]+\.json$/;

/** @param {{ root: string, files: Map<string, { data: unknown, text: string }> }} ctx */
export default function check(ctx) {
  const problems = [];
  for (const [file, { data }] of ctx.files) {
    if (!PRODUCT_FILE.test(file) || !data || typeof data !== "object") continue;
    const product = /** @type {any} */ (data);
    if (!Array.isArray(product.tabs)) continue; // the schema reports a product without tabs
    for (const { pointer, text } of describedFields(product)) {
      for (const message of placeholderErrors(product, text)) problems.push({ file, pointer, message });
    }
  }
  return problems;
}
