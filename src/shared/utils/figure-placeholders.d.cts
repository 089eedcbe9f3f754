/** Types of figure-placeholders.cjs: figures written once, `{table: row}` placeholders in a product's descriptions. */

/** The fields of a product data file the lookup reads. */
export interface FigureTable {
  id: string;
  columns: { label: string; unit?: string | null }[];
  rows: unknown[];
}
export interface FigureSource {
  tabs: { tables?: FigureTable[] | null }[];
}

/** A placeholder found in a text: as written, where, and the table and row (with " / column") it names. */
export interface Placeholder {
  written: string;
  index: number;
  table: string;
  row: string;
}

/** The cell a placeholder names, with the unit of its column. */
export interface NamedCell {
  cell: unknown;
  columnUnit: string | null;
}

export function placeholdersIn(text: string): Placeholder[];
export function findCell(product: FigureSource, placeholder: Placeholder): NamedCell | { error: string };
export function placeholderErrors(product: FigureSource, text: string): string[];
export function describedFields(product: { shortDescription?: unknown; meta?: { description?: unknown } | null }): { pointer: string; text: string }[];
