import React, { useId } from "react";
import { fill } from "../../shared/utils/template";
import { columnLabel, formatCell, type Cell, type FigureWords } from "../../utils/units";
import { NotGiven } from "./NotGiven";
import type { SpecRow, SpecTableData } from "./types";
import { useUnitSystem } from "./useUnitSystem";
import * as styles from "./SpecTable.module.css";

interface SpecTableProps {
  table: SpecTableData;
  /** Used as the frame's name when the table has no title. */
  fallbackTitle: string;
  notGivenLabel: string;
  /** The words between two figures, in the page's language (data/product-ui.json `figureWords`). */
  figureWords: FigureWords;
  scrollLabel: string;
}

function isGap(row: SpecRow): row is { gap: string } {
  return !Array.isArray(row) && typeof row === "object" && row !== null && "gap" in row;
}

/**
 * A specification table: caption, column headers with their units in the
 * visitor's system, each row's first cell as its header, figures converted
 * by formatCell, figures not given shown as a dash read "not published yet".
 * On narrow screens the table scrolls sideways inside a focusable frame.
 */
export function SpecTable({ table, fallbackTitle, notGivenLabel, figureWords, scrollLabel }: SpecTableProps): React.ReactElement {
  const system = useUnitSystem();
  const noteId = useId();
  const title = table.title ?? fallbackTitle;
  const rows: SpecRow[] = Array.isArray(table.rows) ? table.rows : [];

  const cellContent = (cell: Cell, unit: string | null) =>
    cell === null || cell === undefined ? <NotGiven label={notGivenLabel} /> : formatCell(cell, system, unit ?? undefined, figureWords);

  return (
    <div className={styles.block} data-table-id={table.id}>
      <section
        className={styles.scroll}
        aria-label={fill(scrollLabel, { title })}
        aria-describedby={table.note ? noteId : undefined}
        // The frame scrolls sideways: it takes focus so keyboard users can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className={styles.table}>
          {table.title && <caption className={styles.caption}>{table.title}</caption>}
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.label} scope="col">
                  {columnLabel(c.label, c.unit, system)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              if (isGap(row)) {
                return (
                  <tr key={r}>
                    <td colSpan={table.columns.length} className={styles.gap}>
                      <em>{row.gap}</em>
                    </td>
                  </tr>
                );
              }
              return (
                <tr key={r}>
                  {row.map((cell, i) => {
                    const unit = table.columns[i]?.unit ?? null;
                    const missing = cell === null || cell === undefined;
                    // Figures, and single words such as model codes (ACCM-72), never break across lines.
                    const props = missing
                      ? { title: notGivenLabel, className: styles.notGiven }
                      : typeof cell === "string" && /\s/.test(cell.trim())
                        ? {}
                        : { className: styles.figure };
                    return i === 0 ? (
                      <th key={i} scope="row" {...props}>
                        {cellContent(cell, unit)}
                      </th>
                    ) : (
                      <td key={i} {...props}>
                        {cellContent(cell, unit)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {table.note && (
        <p id={noteId} className={styles.note}>
          {table.note}
        </p>
      )}
    </div>
  );
}
