/**
 * A product's descriptions with their figures taken from its specification
 * table: each `{table: row}` placeholder (src/shared/utils/figure-placeholders.ts)
 * replaced by the figure, written by the table's own formatting (formatCell).
 *
 * Resolved at build time, once, in the data layer (gatsby-node's resolvers for
 * ProductsJson.shortDescription and .meta.description): the page's meta
 * description, Open Graph, JSON-LD, the category cards and the product PDFs all
 * read the resolved text.
 */
import { describedFields, findCell, placeholdersIn, type FigureSource } from "../shared/utils/figure-placeholders.cjs";
import { CONVERSIONS, formatCell, isMeasure, isQuantity, type Cell, type Measure, type UnitSystem } from "./units";

/** A placeholder that names no figure: the build stops with this message. */
export class FigureError extends Error {}

/**
 * A figure for running text: as the table gives it (in the system the data
 * gives it in), followed by the other system's figure in brackets where the
 * data gives that too ("700 bar (10,000 psi)"). A figure the table converts
 * is not added: the description states only what the specification states.
 */
export function figureText(cell: Cell, columnUnit: string | null): string {
  if (typeof cell === "string") return cell;
  if (cell === null) return "";
  let measure: Measure | undefined;
  if (isMeasure(cell)) measure = cell;
  else if (isQuantity(cell) && columnUnit) measure = { v: cell, u: columnUnit };
  if (!measure) return formatCell(cell, "metric");
  const given: UnitSystem = CONVERSIONS[measure.u]?.system ?? "metric";
  const text = formatCell(measure, given);
  if (measure.alt === undefined) return text;
  const other: UnitSystem = given === "metric" ? "imperial" : "metric";
  return `${text} (${formatCell(measure, other)})`;
}

/**
 * `text` with every placeholder replaced by its figure; throws FigureError naming every placeholder that names none.
 * `isolate`: each figure between Unicode's left-to-right isolate marks (U+2066 ... U+2069), for right-to-left text,
 * where a range with its unit ("10–700 bar") would otherwise be reordered; plain text, so meta descriptions keep it.
 */
export function resolveFigures(text: string, product: FigureSource, where = "the description", isolate = false): string {
  const errors: string[] = [];
  let out = "";
  let last = 0;
  for (const placeholder of placeholdersIn(text)) {
    const found = findCell(product, placeholder);
    out += text.slice(last, placeholder.index);
    if ("error" in found) errors.push(found.error);
    else out += isolate ? `\u2066${figureText(found.cell as Cell, found.columnUnit)}\u2069` : figureText(found.cell as Cell, found.columnUnit);
    last = placeholder.index + placeholder.written.length;
  }
  if (errors.length > 0) throw new FigureError(`${where}: ${errors.join("; ")}`);
  return out + text.slice(last);
}

/** A product data file with its descriptions resolved (the other fields as they are). */
export function withResolvedFigures<P extends FigureSource & { slug?: string; shortDescription?: string; meta?: { description?: string } }>(product: P): P {
  const file = `data/products/${product.slug ?? "?"}.json`;
  const resolved = { ...product };
  for (const { pointer, text } of describedFields(product)) {
    const value = resolveFigures(text, product, `${file} ${pointer}`);
    if (pointer === "/shortDescription") resolved.shortDescription = value;
    else resolved.meta = { ...product.meta, description: value };
  }
  return resolved;
}
