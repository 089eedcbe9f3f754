/**
 * Specification tables (products' tabs): every row has one cell per column,
 * so no figure lands under the wrong heading. A { gap } row spans the table.
 */
import { fieldName } from "../lib/schemas.mjs";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default function check({ files }) {
  const problems = [];
  for (const [file, { data }] of files) {
    if (!file.startsWith("data/products/") || !isObject(data) || !Array.isArray(data.tabs)) continue;
    data.tabs.forEach((tab, t) => {
      if (!isObject(tab) || !Array.isArray(tab.tables)) return;
      tab.tables.forEach((table, n) => {
        if (!isObject(table) || !Array.isArray(table.columns) || !Array.isArray(table.rows)) return;
        const columns = table.columns.length;
        table.rows.forEach((row, r) => {
          if (!Array.isArray(row) || row.length === columns) return;
          const pointer = `/tabs/${t}/tables/${n}/rows/${r}`;
          problems.push({ file, pointer, message: `\`${fieldName(pointer, data)}\` has ${plural(row.length, "cell")}; the table has ${plural(columns, "column")}` });
        });
      });
    });
  }
  return problems;
}
