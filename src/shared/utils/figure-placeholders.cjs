/**
 * Figures written once: a product's descriptions name a cell of its
 * specification table instead of repeating the figure.
 *
 *   "Torque pumps: working pressure {range: Working pressure}, 2 or 4 wrenches."
 *
 * `{range: Working pressure}` is the value of the row labelled "Working
 * pressure" in the table whose id is "range" (a table of two columns: the
 * label and the value). In a table of several columns, name the column after
 * a slash: `{models: Range of the series / Reach}`. Labels are matched
 * ignoring case and repeated spaces. The build writes the figure as the table
 * gives it (src/utils/description-figures.ts); a placeholder that names no
 * table, row, column or figure stops the build and `content:check`.
 *
 * Only this parsing and lookup lives here, in plain CommonJS with its types
 * in figure-placeholders.d.cts: the content check
 * (scripts/content/checks/description-figures.mjs) loads it as it is, and so
 * do the build and the tests.
 */
"use strict";

/** Any text in braces: a placeholder, or a mistake reported as one. */
const BRACES = /\{([^{}]*)\}/g;

/** @param {string} a @param {string} b */
const same = (a, b) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** The placeholders of a text, in order. */
function placeholdersIn(text) {
  return [...text.matchAll(BRACES)].map((match) => {
    const inner = match[1];
    const colon = inner.indexOf(":");
    const table = colon < 0 ? "" : inner.slice(0, colon).trim();
    const rest = colon < 0 ? inner.trim() : inner.slice(colon + 1).trim();
    return { written: match[0], index: match.index, table, row: rest };
  });
}

/** A row's cells, or undefined for a row that is not a list of cells (a gap note). */
const cellsOf = (row) => (Array.isArray(row) ? row : undefined);

/** The cell a placeholder names, or a message saying in plain words why it names none. */
function findCell(product, placeholder) {
  const { written } = placeholder;
  if (!placeholder.table) {
    return { error: `${written} names no table: write {table id: row label}, e.g. {range: Working pressure}` };
  }
  const tables = (product.tabs ?? []).flatMap((tab) => tab.tables ?? []);
  const table = tables.find((t) => t.id === placeholder.table);
  if (!table) {
    const ids = tables.map((t) => `"${t.id}"`).join(", ") || "none";
    return { error: `${written}: the product has no specification table with the id "${placeholder.table}" (its tables: ${ids})` };
  }
  const labelled = table.rows.map(cellsOf).filter((cells) => cells !== undefined && typeof cells[0] === "string");
  // The row label as a whole first; a slash then separates the row from the column.
  let rowLabel = placeholder.row;
  let columnLabel;
  let row = labelled.find((cells) => same(cells[0], rowLabel));
  const slash = placeholder.row.lastIndexOf("/");
  if (!row && slash >= 0) {
    rowLabel = placeholder.row.slice(0, slash).trim();
    columnLabel = placeholder.row.slice(slash + 1).trim();
    row = labelled.find((cells) => same(cells[0], rowLabel));
  }
  if (!rowLabel) return { error: `${written} names no row of table "${table.id}": write {${table.id}: row label}` };
  if (!row) {
    return { error: `${written}: table "${table.id}" has no row labelled "${rowLabel}" (its rows: ${labelled.map((cells) => `"${cells[0]}"`).join(", ")})` };
  }
  let column;
  if (columnLabel !== undefined) {
    column = table.columns.findIndex((c, i) => i > 0 && same(c.label, columnLabel));
    if (column < 0) {
      return { error: `${written}: table "${table.id}" has no column "${columnLabel}" (its columns: ${table.columns.slice(1).map((c) => `"${c.label}"`).join(", ")})` };
    }
  } else if (table.columns.length === 2) {
    column = 1;
  } else {
    const example = table.columns[1] ? table.columns[1].label : "column";
    return { error: `${written}: table "${table.id}" has ${table.columns.length - 1} value columns: name one after a slash, e.g. {${table.id}: ${rowLabel} / ${example}}` };
  }
  const cell = row[column];
  if (cell === null || cell === undefined || cell === "") {
    return { error: `${written}: the cell of row "${rowLabel}", column "${table.columns[column].label}" in table "${table.id}" gives no figure` };
  }
  return { cell, columnUnit: table.columns[column].unit ?? null };
}

/** What is wrong with the placeholders of a text, one message each. */
function placeholderErrors(product, text) {
  return placeholdersIn(text)
    .map((p) => findCell(product, p))
    .flatMap((found) => ("error" in found ? [found.error] : []));
}

/** The description fields of a product that may hold placeholders, as JSON pointers and their texts. */
function describedFields(product) {
  const fields = [];
  if (typeof product.shortDescription === "string") fields.push({ pointer: "/shortDescription", text: product.shortDescription });
  if (product.meta && typeof product.meta.description === "string") fields.push({ pointer: "/meta/description", text: product.meta.description });
  return fields;
}

exports.placeholdersIn = placeholdersIn;
exports.findCell = findCell;
exports.placeholderErrors = placeholderErrors;
exports.describedFields = describedFields;
