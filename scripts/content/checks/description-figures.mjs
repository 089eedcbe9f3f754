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
 * The Arabic descriptions (data/products/<address>.ar.json) write the same
 * placeholders, with the English table's labels inside the braces: they are
 * looked up in the English tables, as the build does.
 *
 * The parsing and lookup are the build's own (src/shared/utils/figure-placeholders.cjs).
 */
import { describedFields, placeholderErrors } from "../../../src/shared/utils/figure-placeholders.cjs";
import overlayModule from "../../../src/shared/i18n/overlay.cjs";

const { englishFileOf, isOverlayFile } = overlayModule;
const PRODUCT_FILE = /^data\/products\/[^/]+\.json$/;

/** The Arabic overlays are read too: their descriptions name the English tables. */
export const overlays = true;

/** @param {{ root: string, files: Map<string, { data: unknown, text: string }> }} ctx */
export default function check(ctx) {
  const problems = [];
  for (const [file, { data }] of ctx.files) {
    if (!PRODUCT_FILE.test(file) || !data || typeof data !== "object") continue;
    const english = isOverlayFile(file) ? ctx.files.get(englishFileOf(file))?.data : data;
    const product = /** @type {any} */ (english);
    if (!product || typeof product !== "object" || !Array.isArray(product.tabs)) continue; // the schema reports a product without tabs
    // An overlay's own descriptions (strings only), looked up in the English tables.
    const described = isOverlayFile(file) ? describedFields(/** @type {any} */ (data)) : describedFields(product);
    for (const { pointer, text } of described) {
      for (const message of placeholderErrors(product, text)) problems.push({ file, pointer, message });
    }
  }
  return problems;
}
